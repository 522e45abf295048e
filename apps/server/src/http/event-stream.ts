import { PassThrough } from 'node:stream';

/**
 * A Server-Sent Events body: each `send` writes one event (`event:` name, one `data:` line of
 * JSON) at once, so the client sees it as soon as it happens. Pass `stream` to reply.send() with
 * the content type `text/event-stream`; `end` closes it.
 */
export function createEventStream(): { stream: PassThrough; send(event: string, data: unknown): void; end(): void } {
  const stream = new PassThrough();
  return {
    stream,
    send: (event, data) => {
      if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: () => {
      if (!stream.writableEnded) stream.end();
    },
  };
}

export const EVENT_STREAM_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform' } as const;
