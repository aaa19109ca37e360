import { useEffect, useRef } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '@pharma/contracts';
import { formatNumber } from '../../../lib/format';
import { LinkButton } from '../../../components/link-button';
import { useReverseGeocode } from '../../maps';
import { organizationPaths } from '../paths';

/**
 * What stands at a picked point: one of the user's organizations within 50 m (perhaps the same one),
 * and the address there — offered for an empty address field. Silent when the geocoder is unreachable.
 */
export function PointHint({ point, excludeId, onAddress }: { point: LatLng | null; excludeId?: number; onAddress: (address: string) => void }) {
  const { t } = useTranslation('organizations');
  const reverse = useReverseGeocode(point);
  const offered = useRef<string | null>(null);
  const address = reverse.data?.address ?? null;

  useEffect(() => {
    if (address && offered.current !== address) {
      offered.current = address;
      onAddress(address);
    }
  }, [address, onAddress]);

  const nearby = reverse.data?.organization;
  if (!point || !nearby || nearby.id === excludeId) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginTop: 8 }}
      title={t('messages.organizationAtPoint', { name: nearby.name, meters: formatNumber(Math.round(nearby.distance)) })}
      description={nearby.address}
      action={
        <LinkButton size="small" to={organizationPaths.detail(nearby.id)}>
          {t('actions.openExisting')}
        </LinkButton>
      }
    />
  );
}
