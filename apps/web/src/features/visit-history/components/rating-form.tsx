import { App, Button, Col, Form, Input, Rate, Row } from 'antd';
import { StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ratingCriteria, ratingStars, visitRatingBody, type Visit, type VisitRatingBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { useRateVisit } from '../api/rate-visit';

type Values = Partial<Record<(typeof ratingCriteria)[number], number>> & { comment?: string | null };

/**
 * The rating prompt of a completed visit (spec §9): five stars for efficiency, operator politeness,
 * delivery speed and response time, and a comment → PUT /api/visits/:id/rating with
 * 'Rating saved successfully!' or 'Rating save error'. Shows the saved rating to change it.
 * Exported for the visit screen.
 */
export function RatingForm({ visit, onSaved }: { visit: Pick<Visit, 'id' | 'rating'>; onSaved?: (visit: Visit) => void }) {
  const { t } = useTranslation('visitHistory');
  const { message } = App.useApp();
  const zod = useZodForm(visitRatingBody);
  const rate = useRateVisit();
  const initial: Values = visit.rating
    ? {
        efficiency: visit.rating.efficiency,
        operatorPoliteness: visit.rating.operatorPoliteness,
        deliverySpeed: visit.rating.deliverySpeed,
        responseTime: visit.rating.responseTime,
        comment: visit.rating.comment,
      }
    : {};

  const save = (body: VisitRatingBody) =>
    rate.mutate(
      { id: visit.id, body },
      {
        onSuccess: (saved) => {
          void message.success(t('messages.ratingSaved'));
          onSaved?.(saved);
        },
        onError: (error) => {
          zod.showServerErrors(error);
          void message.error(t('messages.ratingSaveError'));
        },
      },
    );

  return (
    <Form<Values>
      form={zod.form}
      layout="vertical"
      className="rating-form"
      initialValues={initial}
      requiredMark={false}
      aria-label={t('titles.rating')}
      {...zod.submitHandlers<Values>(save, (values) => ({ ...values, comment: values.comment || null }))}
    >
      <Row gutter={16}>
        {ratingCriteria.map((criterion) => (
          <Col key={criterion} xs={24} sm={12}>
            <Form.Item name={criterion} label={t(`enums:ratingCriterion.${criterion}`)} rules={zod.rule(criterion)} className="rating-form__item">
              <StarsInput label={t(`enums:ratingCriterion.${criterion}`)} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item name="comment" label={t('fields.ratingComment.label')} rules={zod.rule('comment')}>
        <Input.TextArea rows={2} maxLength={1000} showCount={false} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<StarOutlined />} loading={rate.isPending}>
        {visit.rating ? t('actions.updateRating') : t('actions.saveRating')}
      </Button>
    </Form>
  );
}

/** Five stars as one labelled radio group (each star is a radio), for Form.Item. */
function StarsInput({ label, value, onChange, id }: { label: string; value?: number; onChange?: (value: number) => void; id?: string }) {
  return (
    <div role="radiogroup" aria-label={label} id={id}>
      <Rate count={ratingStars} value={value} onChange={onChange} className="rating-stars" />
    </div>
  );
}
