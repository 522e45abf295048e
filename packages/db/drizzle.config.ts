// drizzle-kit configuration: `npm run generate -w @propguard/db` writes SQL migrations from
// src/schema.ts into ./migrations (committed; applied at start by openDatabase()).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
});
