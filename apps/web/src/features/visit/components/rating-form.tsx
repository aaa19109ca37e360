import { App, Button, Card, Form, Input, Rate, Typography } from 'antd';
import { StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ratingCriteria, ratingStars, visitRatingBody, type Visit, type VisitRatingBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { formatDateTime } from '../../../lib/format';
import { useRateVisit } from '../api/visit-results';
import { SaveError } from './save-error';

/**
 * The organization's rating of our service after the visit (spec §9): five stars each for efficiency,
 * operator politeness, delivery speed and response time, and a comment.
 * 'Rating saved successfully!' / 'Rating save error'.
 */
export function RatingForm({ visit, readOnly = false }: { visit: Visit; readOnly?: boolean }) {
  const { t } = useTranslation('visit');
  const { message } = App.useApp();
  const zf = useZodForm(visitRatingBody);
  const rate = useRateVisit();

  const submit = (body: VisitRatingBody) =>
    rate.mutate(
      { id: visit.id, body },
      {
        onSuccess: () => void message.success(t('messages.ratingSaved')),
        onError: (error) => {
          zf.showServerErrors(error);
          void message.error(t('messages.ratingError'));
        },
      },
    );

  const initial: Partial<VisitRatingBody> = visit.rating
    ? {
        efficiency: visit.rating.efficiency,
        operatorPoliteness: visit.rating.operatorPoliteness,
        deliverySpeed: visit.rating.deliverySpeed,
        responseTime: visit.rating.responseTime,
        comment: visit.rating.comment ?? undefined,
      }
    : {};

  return (
    <Card
      size="small"
      title={
        <span>
          <StarOutlined /> {t('titles.rating')}
        </span>
      }
      data-testid="visit-rating"
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {visit.rating ? t('messages.ratedBy', { name: visit.rating.ratedByName, time: formatDateTime(visit.rating.ratedAt) }) : t('messages.ratingHint')}
      </Typography.Paragraph>
      <Form<VisitRatingBody>
        form={zf.form}
        layout="vertical"
        className="rating-form"
        initialValues={initial}
        disabled={readOnly}
        {...zf.submitHandlers(submit)}
      >
        {ratingCriteria.map((criterion) => (
          <Form.Item key={criterion} name={criterion} label={t(`fields.rating.${criterion}`)} required rules={zf.rule(criterion)} className="rating-row-item">
            <Rate count={ratingStars} aria-label={t(`fields.rating.${criterion}`)} style={{ fontSize: 30 }} />
          </Form.Item>
        ))}
        <Form.Item name="comment" label={t('fields.comment.label')} rules={zf.rule('comment')}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        <SaveError error={rate.error} title={t('messages.ratingError')} />
        {readOnly ? null : (
          <Button type="primary" size="large" htmlType="submit" block loading={rate.isPending} style={{ marginTop: 8 }}>
            {t('actions.saveRating')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
