import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { listenForWebBuild, WEB_BUILD_ENV, type WebBuildChannel } from '../src/web-build.ts';

/** A stand-in for the IPC channel scripts/start.mjs opens to the server. */
function fakeChannel(): WebBuildChannel & EventEmitter & { unrefs: number } {
  const emitter = new EventEmitter() as WebBuildChannel & EventEmitter & { unrefs: number };
  emitter.unrefs = 0;
  emitter.send = () => true;
  emitter.channel = { ref: () => undefined, unref: () => void (emitter.unrefs += 1) } as NodeJS.Process['channel'];
  return emitter;
}

describe("the web app's build beside the server (npm start)", () => {
  it('waits for nothing when the server was not started by scripts/start.mjs', async () => {
    await expect(listenForWebBuild({}, fakeChannel())).resolves.toBe('not-waited');
    // The setting alone, without a channel to hear on, is not waited for either.
    await expect(listenForWebBuild({ [WEB_BUILD_ENV]: 'pending' }, { ...fakeChannel(), send: undefined })).resolves.toBe('not-waited');
  });

  it("resolves with the build's outcome, ignores other messages and lets the channel go", async () => {
    const channel = fakeChannel();
    let settled: string | null = null;
    const outcome = listenForWebBuild({ [WEB_BUILD_ENV]: 'pending' }, channel).then((value) => (settled = value));
    channel.emit('message', { something: 'else' });
    channel.emit('message', null);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBeNull();
    channel.emit('message', { webBuild: 'done' });
    await outcome;
    expect(settled).toBe('done');
    expect(channel.unrefs).toBe(1);
    expect(channel.listenerCount('message')).toBe(0);
  });

  it('reports a failed build, and a lost starter as a failed one', async () => {
    const failed = fakeChannel();
    const failedOutcome = listenForWebBuild({ [WEB_BUILD_ENV]: 'pending' }, failed);
    failed.emit('message', { webBuild: 'failed' });
    await expect(failedOutcome).resolves.toBe('failed');
    const orphaned = fakeChannel();
    const orphanedOutcome = listenForWebBuild({ [WEB_BUILD_ENV]: 'pending' }, orphaned);
    orphaned.emit('disconnect');
    await expect(orphanedOutcome).resolves.toBe('failed');
  });
});
