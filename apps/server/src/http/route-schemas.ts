import { errorResponseSchema } from '@propguard/schemas';

/** Error responses every route documents in the OpenAPI description. */
export const ERROR_RESPONSES = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
  500: errorResponseSchema,
  503: errorResponseSchema,
} as const;
