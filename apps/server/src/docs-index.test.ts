import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The two indexes a newcomer reads first, held against what they index: the decisions' table
 * (docs/decisions/README.md) against the decision files, and the data layer's module table
 * (docs/data-layer.md) against the server's modules.
 */
const docs = new URL('../../../docs/', import.meta.url);
const decisionsDir = new URL('decisions/', docs);
const modulesDir = new URL('modules/', import.meta.url);

type IndexRow = { number: string; title: string; file: string | undefined; status: string };

function decisionIndex(): IndexRow[] {
  const readme = readFileSync(new URL('README.md', decisionsDir), 'utf8');
  return readme
    .split('\n')
    .map((line) => /^\| (\d{3}) \| (.+) \| (.+) \|$/.exec(line))
    .filter((match) => match !== null)
    .map(([, number, cell, status]) => {
      const link = /\[(.+)\]\(([^)]+)\)/.exec(cell!);
      return {
        number: number!,
        title: link?.[1] ?? cell!,
        file: link?.[2],
        status: status!,
      };
    });
}

const decisionFiles = readdirSync(decisionsDir).filter(
  (name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000'),
);

describe('docs/decisions/README.md', () => {
  it('lists every decision file once, under its own number', () => {
    const rows = decisionIndex();
    const listed = rows.map((row) => row.file).filter((file) => file !== undefined && !file.startsWith('..'));
    expect(decisionFiles.filter((file) => !listed.includes(file))).toEqual([]);
    expect(listed.filter((file) => !decisionFiles.includes(file!))).toEqual([]);
    const numbers = rows.map((row) => row.number);
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
    for (const row of rows.filter((candidate) => candidate.file && !candidate.file.startsWith('..')))
      expect(row.file!.slice(0, 3), row.file).toBe(row.number);
  });

  it("gives each decision its file's title and status, and names what it amends or supersedes", () => {
    const problems: string[] = [];
    for (const row of decisionIndex().filter(
      (candidate) => candidate.file && !candidate.file.startsWith('..'),
    )) {
      const text = readFileSync(new URL(row.file!, decisionsDir), 'utf8');
      const heading = /^# (?:\d{3}(?::| —| -) )?(.+)$/m.exec(text)?.[1]?.trim();
      if (row.title !== heading) problems.push(`${row.file}: title «${row.title}», file «${heading}»`);
      const status = /^- Status: (\S+)/m
        .exec(text)?.[1]
        ?.replace(/[.,;]$/, '')
        .toLowerCase();
      const listed = row.status.split(/[ (]/)[0];
      if (status && listed !== status) problems.push(`${row.file}: status ${listed}, file ${status}`);
      const opening = text.split('\n## ')[0]!;
      const named = [...opening.matchAll(/\b(Amends|Supersedes)\b[^.\n]*?\b(\d{3})\b/g)].map(
        (match) => match[2]!,
      );
      for (const number of named)
        if (!row.status.includes(number) && !row.title.includes(number))
          problems.push(`${row.file}: names ${number}, its status does not`);
    }
    expect(problems).toEqual([]);
  });
});

describe('docs/data-layer.md', () => {
  it('has a row for every server module', () => {
    const doc = readFileSync(new URL('data-layer.md', docs), 'utf8');
    const rows = new Set(
      doc
        .split('\n')
        .map((line) => /^\| ([a-z-]+)(?:, ([a-z-]+))? \|/.exec(line))
        .filter((match) => match !== null)
        .flatMap((match) => [match[1], match[2]].filter((name) => name !== undefined)),
    );
    const modules = readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(modules.filter((name) => !rows.has(name))).toEqual([]);
    expect([...rows].filter((name) => name !== 'module' && !modules.includes(name))).toEqual([]);
  });
});
