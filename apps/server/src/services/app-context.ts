import type { Database } from '@propguard/db';
import type { AppConfig } from '../config.ts';

/** What services need from the running process, passed explicitly (no module-level state). */
export interface AppContext {
  config: AppConfig;
  database: Database;
  startedAt: Date;
  version: string;
}
