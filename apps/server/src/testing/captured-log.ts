/** One line as pino writes it. */
export type LogLine = {
  level: number;
  msg?: string;
  reqId?: string;
  err?: { message?: string; code?: string };
};

export const LOG_LEVEL_WARN = 40;
export const LOG_LEVEL_ERROR = 50;

/** A pino destination that keeps its lines, parsed, for a test to read. */
export function capturedLog(): { lines: LogLine[]; stream: { write(line: string): void } } {
  const lines: LogLine[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } };
}
