import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { Bucket } from '@google-cloud/storage';

/** The bucket as the API uses it: the real Cloud Storage bucket, or a folder locally. */
export interface BlobStore {
  /** A stream of the object, or null when it does not exist. */
  read(path: string): Promise<Readable | null>;
  write(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  /** Removes the object; one already gone is no error. */
  delete(path: string): Promise<void>;
}

/** Cloud Storage through the Admin SDK's bucket. */
export class GcsBlobStore implements BlobStore {
  constructor(private readonly bucket: Bucket) {}

  async read(path: string): Promise<Readable | null> {
    const file = this.bucket.file(path);
    const [exists] = await file.exists();
    return exists ? file.createReadStream() : null;
  }

  async write(path: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.bucket.file(path).save(Buffer.from(bytes), { contentType, resumable: false });
  }

  async exists(path: string): Promise<boolean> {
    const [exists] = await this.bucket.file(path).exists();
    return exists;
  }

  async delete(path: string): Promise<void> {
    await this.bucket.file(path).delete({ ignoreNotFound: true });
  }
}

/** The local stand-in: objects are files under `dir` (content type is implied by the name). */
export class FileBlobStore implements BlobStore {
  private readonly root: string;

  constructor(dir: string) {
    this.root = resolve(dir);
  }

  private pathOf(path: string): string {
    const full = resolve(this.root, path);
    if (!full.startsWith(this.root + sep)) throw new Error(`Percorso fuori dal bucket: ${path}`);
    return full;
  }

  async read(path: string): Promise<Readable | null> {
    const full = this.pathOf(path);
    if (!(await this.exists(path))) return null;
    return createReadStream(full);
  }

  async write(path: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    const full = this.pathOf(path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, bytes);
  }

  async exists(path: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(path))).isFile();
    } catch {
      return false;
    }
  }

  async delete(path: string): Promise<void> {
    await rm(this.pathOf(path), { force: true });
  }
}
