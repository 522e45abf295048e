import { beginTestFile } from './test-app.ts';

// Run by vitest before each API test file (vitest.config.ts setupFiles): the file's app gets a fresh
// local workspace (test-app.ts).
beginTestFile();
