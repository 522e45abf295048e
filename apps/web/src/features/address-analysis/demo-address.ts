/** The demo address the product has always opened with (SPEC.md section 2). */
export const DEMO_ADDRESS = '123 Collins Street, Melbourne VIC 3000';
