export { buildApp, type BuildAppOptions } from './app.ts';
export { loadConfig, ConfigError, REPO_ROOT, type AppConfig } from './config.ts';
export { createAppContext, APP_VERSION } from './context.ts';
export type { AppContext } from './services/app-context.ts';
