import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` unless told otherwise; the web app's
 * Content-Security-Policy (no 'unsafe-eval') forbids that in the browser, so every parser runs
 * without code generation, on the server too (one behaviour everywhere). Imported first by index.ts.
 */
z.config({ jitless: true });

export const ZOD_JITLESS = true;
