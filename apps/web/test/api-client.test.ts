import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isNotFoundError, requestApi } from '../src/lib/api-client.ts';

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
