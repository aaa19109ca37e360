import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { movePoint, visitProof, visitProofReasons } from '@pharma/contracts';
import { describeProofReasons, visitMinutes, type ProofFacts } from './proof-reasons';

const organization = { lat: 41.3111, lng: 69.2797 };
const startedAt = '2026-11-20T10:00:00.000Z';
const base: ProofFacts = { proofReasons: [], startedAt, completedAt: '2026-11-20T10:30:00.000Z' };

describe('proof reasons spelled out', () => {
  it('names the farther position and its distance against the 200 m limit', () => {
    const end = { ...movePoint(organization, 850, 90), accuracy: 20 };
    const start = { ...movePoint(organization, 40, 0), accuracy: 20 };
    const [far] = describeProofReasons({
      ...base,
      proofReasons: ['farFromOrganization'],
      organization,
      startPosition: start,
      endPosition: end,
      distanceM: 850,
    });
    expect(far).toEqual({ reason: 'farFromOrganization', key: 'enums:visitProofReasonDetail.farAtEnd', params: { distance: 850, limit: 200 } });
    const [atStart] = describeProofReasons({ ...base, proofReasons: ['farFromOrganization'], organization, startPosition: end, endPosition: start });
    expect(atStart?.key).toBe('enums:visitProofReasonDetail.farAtStart');
    expect(atStart?.params.distance).toBe(850);
  });

  it("uses the server's distance without the organization's point, and the label without either", () => {
    expect(describeProofReasons({ ...base, proofReasons: ['farFromOrganization'], distanceM: 430 })[0]).toMatchObject({
      key: 'enums:visitProofReasonDetail.far',
      params: { distance: 430 },
    });
    expect(describeProofReasons({ ...base, proofReasons: ['farFromOrganization'] })[0]).toEqual({
      reason: 'farFromOrganization',
      key: 'enums:visitProofReason.farFromOrganization',
      params: {},
    });
  });

  it('counts the whole minutes spent against the 5-minute minimum', () => {
    const facts = { ...base, proofReasons: ['tooShort' as const], completedAt: '2026-11-20T10:02:59.000Z' };
    expect(describeProofReasons(facts)[0]).toEqual({ reason: 'tooShort', key: 'enums:visitProofReasonDetail.tooShort', params: { count: 2, min: 5 } });
    expect(describeProofReasons({ ...facts, completedAt: '2026-11-20T10:00:40.000Z' })[0]?.key).toBe('enums:visitProofReasonDetail.tooShortUnderMinute');
    expect(describeProofReasons({ ...facts, startedAt: null })[0]?.key).toBe('enums:visitProofReason.tooShort');
  });

  it('shows the worse accuracy of the two positions against the 100 m limit', () => {
    const [low] = describeProofReasons({
      ...base,
      proofReasons: ['lowAccuracy'],
      startPosition: { ...organization, accuracy: 300.4 },
      endPosition: { ...organization, accuracy: 12 },
    });
    expect(low).toEqual({ reason: 'lowAccuracy', key: 'enums:visitProofReasonDetail.lowAccuracy', params: { accuracy: 300, limit: 100 } });
  });

  it('states the clock limit in minutes and a missing point as such', () => {
    const texts = describeProofReasons({ ...base, proofReasons: ['clockMismatch', 'organizationNotLocated'] });
    expect(texts).toEqual([
      { reason: 'clockMismatch', key: 'enums:visitProofReasonDetail.clockMismatch', params: { limit: 5 } },
      { reason: 'organizationNotLocated', key: 'enums:visitProofReasonDetail.organizationNotLocated', params: {} },
    ]);
  });

  it('describes what the score function finds, one text per reason, in its order', () => {
    const start = { ...movePoint(organization, 600, 180), accuracy: 250 };
    const end = { ...movePoint(organization, 30, 0), accuracy: 10 };
    const proof = visitProof({ organization, start, end, startedAt: new Date(startedAt), completedAt: new Date('2026-11-20T10:03:00Z'), clockGapSeconds: 900 });
    const texts = describeProofReasons({
      proofReasons: proof.reasons,
      startedAt,
      completedAt: '2026-11-20T10:03:00Z',
      organization,
      startPosition: start,
      endPosition: end,
    });
    expect(texts.map((x) => x.reason)).toEqual(proof.reasons);
    expect(texts.map((x) => x.key)).toEqual([
      'enums:visitProofReasonDetail.farAtStart',
      'enums:visitProofReasonDetail.tooShort',
      'enums:visitProofReasonDetail.lowAccuracy',
      'enums:visitProofReasonDetail.clockMismatch',
    ]);
    expect(texts[0]?.params.distance).toBe(proof.distanceM);
  });

  it('has a text for every key it can produce in the four languages', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const keys = new Set<string>();
    const everything: ProofFacts = { ...base, proofReasons: [...visitProofReasons] };
    const variants: ProofFacts[] = [
      everything,
      { ...everything, startedAt: null, distanceM: 300 },
      {
        ...everything,
        completedAt: startedAt,
        organization,
        startPosition: { ...organization, accuracy: 500 },
        endPosition: { ...movePoint(organization, 900, 10), accuracy: 1 },
      },
      { ...everything, organization, startPosition: { ...movePoint(organization, 900, 10), accuracy: 1 }, endPosition: { ...organization, accuracy: 500 } },
    ];
    for (const facts of variants) for (const text of describeProofReasons(facts)) keys.add(text.key);
    for (const lng of ['ru', 'en', 'uz-Latn', 'uz-Cyrl']) {
      const enums = JSON.parse(readFileSync(path.resolve(here, `../../../../../../../packages/contracts/locales/${lng}/enums.json`), 'utf8')) as Record<
        string,
        Record<string, string>
      >;
      for (const key of keys) {
        const [group, name] = key.replace(/^enums:/, '').split('.') as [string, string];
        const found = enums[group]?.[name] ?? enums[group]?.[`${name}_other`];
        expect(found, `${lng}: ${key}`).toBeTruthy();
      }
    }
  });

  it('measures whole minutes', () => {
    expect(visitMinutes(startedAt, '2026-11-20T11:05:30.000Z')).toBe(65);
    expect(visitMinutes(null, '2026-11-20T11:05:30.000Z')).toBeNull();
  });
});
