/**
 * The web app's build that `npm start` runs beside the server (scripts/start.mjs): that script sets
 * PROPGUARD_WEB_BUILD=pending and sends `{ webBuild: 'done' | 'failed' }` over the IPC channel when
 * the build ends. The server waits for it only before it registers the web app's files (main.ts), so
 * the build overlaps the start's single-threaded first steps. Started any other way, nothing waits.
 */
export type WebBuildOutcome = 'done' | 'failed' | 'not-waited';

export const WEB_BUILD_ENV = 'PROPGUARD_WEB_BUILD';

/** The part of `process` the build's message comes through. */
export type WebBuildChannel = Pick<NodeJS.Process, 'on' | 'off' | 'send' | 'channel'>;

/** Listens for the build's message; call once, as the process starts (the message may come early). */
export function listenForWebBuild(env: NodeJS.ProcessEnv = process.env, channel: WebBuildChannel = process): Promise<WebBuildOutcome> {
  if (env[WEB_BUILD_ENV] !== 'pending' || typeof channel.send !== 'function') return Promise.resolve('not-waited');
  return new Promise<WebBuildOutcome>((resolve) => {
    const settle = (result: WebBuildOutcome) => {
      channel.off('message', onMessage);
      channel.off('disconnect', onDisconnect);
      // The channel is not needed any more: it must not keep the process alive.
      channel.channel?.unref();
      resolve(result);
    };
    const onMessage = (message: unknown) => {
      const webBuild = (message as { webBuild?: unknown } | null)?.webBuild;
      if (webBuild === 'done' || webBuild === 'failed') settle(webBuild);
    };
    // The starting script gone: whatever the build left is served.
    const onDisconnect = () => settle('failed');
    channel.on('message', onMessage);
    channel.on('disconnect', onDisconnect);
  });
}
