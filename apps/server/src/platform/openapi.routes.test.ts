import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * The OpenAPI document is an API others build on (issue 14): Redocly's recommended rules report no
 * error on it, every operation has an operationId, a summary, its access in the description and the
 * error envelope for its 4xx answers.
 */
let t: TestContext;
let document: { paths: Record<string, Record<string, { operationId?: string; summary?: string; description?: string; responses: Record<string, unknown> }>> };

beforeAll(async () => {
  t = await createTestApp();
  document = t.app.swagger() as never;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended rules with no error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const result = await promisify(execFile)('npx', ['redocly', 'lint', file, '--extends', 'recommended', '--format', 'json'], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it('names, describes and answers every operation’s errors', () => {
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${url}`;
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(operation.summary, where).toBeTruthy();
        expect(operation.description, where).toMatch(/^Access: /);
        expect(
          Object.keys(operation.responses).some((status) => status.startsWith('4')),
          where,
        ).toBe(true);
      }
    }
  });
});
