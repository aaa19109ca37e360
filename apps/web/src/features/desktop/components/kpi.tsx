import { Card, Progress, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One KPI card: a figure, and under it the plan with how much of it is done (none without a plan). */
export function Kpi({ id, title, value, plan, share }: { id: string; title: string; value: ReactNode; plan?: ReactNode; share?: number | null }) {
  const { t } = useTranslation('desktop');
  return (
    <Card size="small" variant="borderless" className="desktop-kpi" data-testid={`kpi-${id}`}>
      <Typography.Text type="secondary" className="desktop-kpi__title">
        {title}
      </Typography.Text>
      <div className="desktop-kpi__value">{value}</div>
      {plan === undefined ? null : share === null || share === undefined ? (
        <Typography.Text type="secondary" className="desktop-kpi__plan">
          {t('kpi.noPlan')}
        </Typography.Text>
      ) : (
        <>
          <Progress percent={Math.round(share * 100)} size="small" status={share >= 1 ? 'success' : 'normal'} aria-label={t('kpi.done')} />
          <Typography.Text type="secondary" className="desktop-kpi__plan">
            {t('kpi.plan', { plan })}
          </Typography.Text>
        </>
      )}
    </Card>
  );
}
