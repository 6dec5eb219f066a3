/**
 * Where React writes a document that is sent whole (entry.server.tsx): its chunks, kept until
 * React ends the document, then handed over as one buffer.
 *
 * Not a `Writable` stream, on purpose (ADR 031): Node's stream state holds a closure that V8
 * allocates in the old generation (a function assigned straight to a property), and everything
 * that closure reaches, the stream and the render behind it, then outlives every young-generation
 * collection until the next full one. React needs only `write`, `end`, `destroy` and `on`.
 */
export class DocumentSink {
  readonly #chunks: Uint8Array[] = []
  readonly #onEnd: (document: Buffer<ArrayBuffer>) => void
  readonly #onError: (error: unknown) => void

  constructor(onEnd: (document: Buffer<ArrayBuffer>) => void, onError: (error: unknown) => void) {
    this.#onEnd = onEnd
    this.#onError = onError
  }

  /** A chunk of the document: bytes, or a long string React did not encode itself. */
  write(chunk: Uint8Array | string): boolean {
    this.#chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk)
    return true
  }

  end(): void {
    this.#onEnd(Buffer.concat(this.#chunks))
  }

  /** React's way of reporting an error that ends the document. */
  destroy(error?: unknown): void {
    this.#onError(error)
  }

  /** React listens for 'drain', 'error' and 'close': none happens to a buffer in memory. */
  on(): this {
    return this
  }
}
