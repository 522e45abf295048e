export * from './sign-in-throttle.ts';
