import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { FileStorage, StoredPiece } from './file-storage';

/** What the owner of an upload knows of it: where its pieces go and how long it will be. */
export type ResumableUpload = { key: string; size: number; complete: boolean };

/**
 * The pieces that make an upload's bytes so far: pieces are named by the offset they start at, and
 * count while each starts where the previous one ended. A piece that starts earlier is a stale copy
 * (a request cut on one process, committed after the client had resumed on another) and is
 * skipped; its bytes are held by the pieces that count.
 */
export function uploadedPieces(pieces: StoredPiece[]): { pieces: StoredPiece[]; bytes: number } {
  const chain: StoredPiece[] = [];
  let offset = 0;
  for (const piece of pieces) {
    if (piece.index < offset) continue;
    if (piece.index > offset) break;
    chain.push(piece);
    offset += piece.bytes;
  }
  return { pieces: chain, bytes: offset };
}

/**
 * A tus data store on our file storage, so resumable uploads work the same on a local folder and
 * on any S3-compatible bucket (decision 029). Each PATCH request is one piece, named by its offset
 * and written as it streams in. When a connection drops, the tus server ends the request's stream
 * instead of failing it, so the piece keeps every byte that arrived: the client resumes from
 * there. Uploads are created by our own route (with the form), never through tus.
 */
export class ResumableStore extends DataStore {
  constructor(
    private readonly storage: FileStorage,
    private readonly describe: (id: string) => Promise<ResumableUpload | undefined>,
  ) {
    super();
    this.extensions = [];
  }

  private async known(id: string): Promise<ResumableUpload> {
    const upload = await this.describe(id);
    if (!upload) throw ERRORS.FILE_NOT_FOUND;
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const upload = await this.known(id);
    const offset = upload.complete
      ? upload.size
      : uploadedPieces(await this.storage.pieces(upload.key)).bytes;
    return new Upload({ id, size: upload.size, offset });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const upload = await this.known(id);
    if (upload.complete) throw ERRORS.INVALID_OFFSET;
    const bytes = await this.storage.putPiece(upload.key, offset, stream, { maxBytes: upload.size - offset });
    return offset + bytes;
  }

  override async create(): Promise<Upload> {
    throw ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION;
  }
}
