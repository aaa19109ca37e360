import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@pharma/contracts';
import { formatNumber } from '../../../../lib/format';
import { productTitle } from '../../../catalog';

/** What was recorded on the visit, read-only: doctors met with their drugs, and the remainders counted. */
export function VisitRecord({ visit }: { visit: Visit }) {
  const { t } = useTranslation('visit');
  return (
    <Card size="small" title={t('titles.record')} data-testid="visit-record">
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'doctors',
            label: t('sections.doctors'),
            children: visit.doctors.length ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {visit.doctors.map((d) => {
                  const drugs = visit.drugResults.filter((r) => r.doctorId === d.doctorId);
                  return (
                    <li key={d.doctorId}>
                      {d.fullName}
                      {drugs.length ? (
                        <ul style={{ paddingInlineStart: 16 }}>
                          {drugs.map((r) => (
                            <li key={r.productId}>
                              {productTitle({ name: r.productName, producerName: r.producerName })}: {t(`enums:drugAttitude.${r.attitude}`)} ·{' '}
                              {t(`enums:medicationStatus.${r.medicationStatus}`)}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <Typography.Text type="secondary">{t('messages.noDoctorsMet')}</Typography.Text>
            ),
          },
          {
            key: 'remainders',
            label: t('sections.remainders'),
            children: visit.remainders.length ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {visit.remainders.map((r) => (
                  <li key={r.productId}>
                    {productTitle({ name: r.productName, producerName: r.producerName })}: {formatNumber(r.quantity)}
                  </li>
                ))}
              </ul>
            ) : (
              <Typography.Text type="secondary">{t('messages.notRemoved')}</Typography.Text>
            ),
          },
          ...(visit.cancelReason ? [{ key: 'cancel', label: t('fields.reason.label'), children: visit.cancelReason }] : []),
        ]}
      />
    </Card>
  );
}
