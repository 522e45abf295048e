import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isNotFoundError, requestApi, splitServerSentEvents, streamApi } from '../src/lib/api-client.ts';

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requestApi', () => {
  it('parses a JSON answer and sends bodies as JSON POSTs under /api', async () => {
    const fetchMock = stubFetch(200, JSON.stringify({ success: true, properties: [] }));
    await expect(requestApi('/realty/search', { body: { location: 'Richmond' } })).resolves.toEqual({ success: true, properties: [] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/realty/search');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"location":"Richmond"}');
  });

  it("throws the server's error message and code on a non-OK answer", async () => {
    stubFetch(404, JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No listing with id some-id' } }));
    const failure = requestApi('/realty/property/some-id');
    await expect(failure).rejects.toThrow('No listing with id some-id');
    const error = await failure.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(isNotFoundError(error)).toBe(true);
  });

  it('falls back to "HTTP error! status: {code}" when the body is not an error response', async () => {
    stubFetch(502, '<html>Bad gateway</html>');
    await expect(requestApi('/propguard/health')).rejects.toThrow('HTTP error! status: 502');
  });

  it('treats success false as a failure, using its message', async () => {
    stubFetch(200, JSON.stringify({ success: false, message: 'No properties found' }));
    await expect(requestApi('/realty/search', { body: {} })).rejects.toThrow('No properties found');
    stubFetch(200, JSON.stringify({ success: false }));
    await expect(requestApi('/realty/search', { body: {} })).rejects.toThrow('API request failed');
  });
});

describe('Server-Sent Events', () => {
  it('splits complete events and keeps the unfinished rest for the next chunk', () => {
    expect(splitServerSentEvents('event: step\ndata: {"a":1}\n\nevent: res')).toEqual({ events: [{ event: 'step', data: '{"a":1}' }], rest: 'event: res' });
    expect(splitServerSentEvents('data: x\r\n\r\n')).toEqual({ events: [{ event: 'message', data: 'x' }], rest: '' });
    expect(splitServerSentEvents('event: a\n')).toEqual({ events: [], rest: 'event: a\n' });
  });

  it('hands each event to the caller as its chunk arrives, across chunk boundaries', async () => {
    const chunks = ['event: step\ndata: {"n":1}\n', '\nevent: step\nda', 'ta: {"n":2}\n\nevent: result\ndata: {"n":3}\n\n'];
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({ start(controller) { for (const chunk of chunks) controller.enqueue(encoder.encode(chunk)); controller.close(); } });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })));
    const seen: unknown[] = [];
    await streamApi('/billing/checkout/stream', { plan: 'professional' }, (data) => seen.push(data));
    expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('throws the server\'s error for a non-OK answer before any event', async () => {
    stubFetch(400, JSON.stringify({ error: { code: 'VALIDATION_ERROR', message: 'payment_method.card_number: not a valid card number' } }));
    await expect(streamApi('/billing/checkout/stream', {}, () => undefined)).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });
});
