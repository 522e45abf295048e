import { describe, expect, it } from 'vitest';
import type { HealthCheck, ServiceHealth } from '@propguard/schemas';
import { getOverallHealth } from '../src/features/data-source/health-state.ts';

function health(success: boolean, databaseStatus?: HealthCheck['status']): ServiceHealth {
  return {
    success,
    service: 'test',
    status: success ? 'healthy' : 'unavailable',
    message: '',
    latency: 1,
    last_check: '2026-11-22T00:00:00.000Z',
    version: '0.0.0',
    checks: databaseStatus ? [{ name: 'database', status: databaseStatus, latencyMs: 1, detail: '' }] : [],
  };
}

describe('getOverallHealth (SPEC.md section 4)', () => {
  it('is unknown without any health data', () => {
    expect(getOverallHealth({ propguard: undefined, realty: undefined })).toBe('unknown');
  });

  it('is healthy when the API, the property data and the database are all up', () => {
    expect(getOverallHealth({ propguard: health(true, 'ok'), realty: health(true) })).toBe('healthy');
  });

  it('is partial when at least one counted flag is up', () => {
    expect(getOverallHealth({ propguard: health(true, 'down'), realty: health(true) })).toBe('partial');
    expect(getOverallHealth({ propguard: health(false, 'ok'), realty: health(false) })).toBe('partial');
    expect(getOverallHealth({ propguard: null, realty: health(true) })).toBe('partial');
    expect(getOverallHealth({ propguard: health(true, 'ok'), realty: undefined })).toBe('partial');
  });

  it('is unhealthy when no counted flag is up, failed requests included', () => {
    expect(getOverallHealth({ propguard: health(false, 'down'), realty: health(false) })).toBe('unhealthy');
    expect(getOverallHealth({ propguard: null, realty: null })).toBe('unhealthy');
    expect(getOverallHealth({ propguard: health(false), realty: null })).toBe('unhealthy');
  });
});
