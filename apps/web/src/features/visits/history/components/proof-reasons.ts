import { distanceMeters, visitProofLimits, type LatLng, type VisitProofReason } from '@pharma/contracts';

/** What a visit tells about its proof: the summary's fields, and the detail's positions when loaded. */
export interface ProofFacts {
  proofReasons: readonly VisitProofReason[];
  startedAt: string | null;
  completedAt: string | null;
  startPosition?: (LatLng & { accuracy: number }) | null;
  endPosition?: (LatLng & { accuracy: number }) | null;
  /** the larger of the two distances to the organization, as the server scored it */
  distanceM?: number | null;
  /** the organization's point, when known */
  organization?: LatLng | null;
}

/** One reason as a message: an i18n key (with its namespace) and its figures. */
export interface ProofReasonText {
  reason: VisitProofReason;
  key: string;
  params: Record<string, number>;
}

const detail = (key: string) => `enums:visitProofReasonDetail.${key}`;
const label = (reason: VisitProofReason) => `enums:visitProofReason.${reason}`;

/** Whole minutes between start and completion; null when either is missing. */
export function visitMinutes(startedAt: string | null, completedAt: string | null): number | null {
  if (!startedAt || !completedAt) return null;
  const ms = Date.parse(completedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 60_000)) : null;
}

function farText(facts: ProofFacts): ProofReasonText {
  const limit = visitProofLimits.maxDistanceM;
  const { organization, startPosition, endPosition } = facts;
  if (organization && (startPosition || endPosition)) {
    const start = startPosition ? Math.round(distanceMeters(startPosition, organization)) : -1;
    const end = endPosition ? Math.round(distanceMeters(endPosition, organization)) : -1;
    // the farther of the two positions is the one that cost the points
    return end >= start
      ? { reason: 'farFromOrganization', key: detail('farAtEnd'), params: { distance: end, limit } }
      : { reason: 'farFromOrganization', key: detail('farAtStart'), params: { distance: start, limit } };
  }
  if (typeof facts.distanceM === 'number') return { reason: 'farFromOrganization', key: detail('far'), params: { distance: facts.distanceM, limit } };
  return { reason: 'farFromOrganization', key: label('farFromOrganization'), params: {} };
}

function tooShortText(facts: ProofFacts): ProofReasonText {
  const min = visitProofLimits.minMinutes;
  const minutes = visitMinutes(facts.startedAt, facts.completedAt);
  if (minutes === null) return { reason: 'tooShort', key: label('tooShort'), params: {} };
  if (minutes < 1) return { reason: 'tooShort', key: detail('tooShortUnderMinute'), params: { min } };
  return { reason: 'tooShort', key: detail('tooShort'), params: { count: minutes, min } };
}

function accuracyText(facts: ProofFacts): ProofReasonText {
  const accuracies = [facts.startPosition?.accuracy, facts.endPosition?.accuracy].filter((a): a is number => typeof a === 'number');
  if (!accuracies.length) return { reason: 'lowAccuracy', key: label('lowAccuracy'), params: {} };
  return { reason: 'lowAccuracy', key: detail('lowAccuracy'), params: { accuracy: Math.round(Math.max(...accuracies)), limit: visitProofLimits.maxAccuracyM } };
}

/**
 * Each doubt about a visit spelled out with its figures and the limit it broke
 * ("Completed 850 m from the organization (limit 200 m)"). Without the detail's positions the
 * figures that need them fall back to the reason's label. The device clock's gap is not part of
 * the visit's answer, so that reason names the limit only.
 */
export function describeProofReasons(facts: ProofFacts): ProofReasonText[] {
  return facts.proofReasons.map((reason): ProofReasonText => {
    switch (reason) {
      case 'farFromOrganization':
        return farText(facts);
      case 'organizationNotLocated':
        return { reason, key: detail('organizationNotLocated'), params: {} };
      case 'tooShort':
        return tooShortText(facts);
      case 'lowAccuracy':
        return accuracyText(facts);
      case 'clockMismatch':
        return { reason, key: detail('clockMismatch'), params: { limit: Math.round(visitProofLimits.maxClockGapSeconds / 60) } };
      default:
        return { reason, key: label(reason), params: {} };
    }
  });
}
