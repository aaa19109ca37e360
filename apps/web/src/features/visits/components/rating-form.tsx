import { App, Button, Card, Col, Form, Input, Rate, Row, Typography } from 'antd';
import { StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ratingCriteria, ratingStars, visitRatingBody, type Visit, type VisitRatingBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { formatDateTime } from '../../../lib/format';
import { useRateVisit } from '../api/rate-visit';
import { useVisitWriteWaiting } from '../api/queued-visit-write';
import { SaveError } from '../../../components/save-error';
import { SaveState } from '../../../components/save-state';
import './rating-form.css';

type Values = Partial<Record<(typeof ratingCriteria)[number], number>> & { comment?: string | null };

/**
 * The organization's rating of our service after a completed visit (spec §9): five stars each for
 * efficiency, operator politeness, delivery speed and response time, and a comment →
 * PUT /api/visits/:id/rating with 'Rating saved successfully!' or 'Rating save error'. Shows the saved
 * rating to change it. The visit screen shows it in its own card (`framed`: who rated and when, large
 * stars; read-only when the visit is not the viewer's); the history opens it inside the visit's details
 * and closes it on `onSaved`.
 */
export function RatingForm({
  visit,
  readOnly = false,
  framed = false,
  onSaved,
}: {
  visit: Visit;
  readOnly?: boolean;
  framed?: boolean;
  onSaved?: (visit: Visit) => void;
}) {
  const { t } = useTranslation(['visit', 'visitHistory']);
  const { message } = App.useApp();
  const zod = useZodForm(visitRatingBody);
  const rate = useRateVisit({
    onSuccess: (saved) => {
      void message.success(t('visit:messages.ratingSaved'));
      onSaved?.(saved);
    },
    onError: (error) => {
      zod.showServerErrors(error);
      void message.error(t('visit:messages.ratingError'));
    },
  });
  // a rating saved on the phone waits in its queue until the network returns: said beside the button
  const waiting = useVisitWriteWaiting(visit.id, 'visitRating');
  const initial: Values = visit.rating
    ? {
        efficiency: visit.rating.efficiency,
        operatorPoliteness: visit.rating.operatorPoliteness,
        deliverySpeed: visit.rating.deliverySpeed,
        responseTime: visit.rating.responseTime,
        comment: visit.rating.comment,
      }
    : {};

  const save = (body: VisitRatingBody) => rate.mutate({ visit, body });

  const form = (
    <Form<Values>
      form={zod.form}
      layout="vertical"
      className="rating-form"
      initialValues={initial}
      disabled={readOnly}
      aria-label={t('visitHistory:titles.rating')}
      {...zod.submitHandlers<Values>(save, (values) => ({ ...values, comment: values.comment || null }))}
    >
      <Row gutter={16}>
        {ratingCriteria.map((criterion) => (
          <Col key={criterion} xs={24} sm={framed ? 24 : 12}>
            <Form.Item name={criterion} label={t(`enums:ratingCriterion.${criterion}`)} required rules={zod.rule(criterion)} className="rating-form__item">
              <StarsInput label={t(`enums:ratingCriterion.${criterion}`)} large={framed} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item name="comment" label={t('visit:fields.comment.label')} rules={zod.rule('comment')}>
        <Input.TextArea rows={framed ? 3 : 2} maxLength={1000} />
      </Form.Item>
      <SaveError error={rate.error} title={t('visit:messages.ratingError')} />
      {waiting ? (
        <div style={{ marginBottom: 8 }}>
          <SaveState dirty={false} saving={false} failed={false} queued sent={false} />
        </div>
      ) : null}
      {readOnly ? null : (
        <Button type="primary" htmlType="submit" icon={<StarOutlined />} loading={rate.isPending} size={framed ? 'large' : undefined} block={framed}>
          {visit.rating ? t('visitHistory:actions.updateRating') : t('visit:actions.saveRating')}
        </Button>
      )}
    </Form>
  );
  if (!framed) return form;
  return (
    <Card
      size="small"
      title={
        <span>
          <StarOutlined /> {t('visit:titles.rating')}
        </span>
      }
      data-testid="visit-rating"
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {visit.rating
          ? t('visit:messages.ratedBy', { name: visit.rating.ratedByName, time: formatDateTime(visit.rating.ratedAt) })
          : t('visit:messages.ratingHint')}
      </Typography.Paragraph>
      {form}
    </Card>
  );
}

/** Five stars as one labelled radio group (each star is a radio), for Form.Item. */
function StarsInput({
  label,
  large,
  value,
  onChange,
  id,
}: {
  label: string;
  large?: boolean;
  value?: number;
  onChange?: (value: number) => void;
  id?: string;
}) {
  return (
    <div role="radiogroup" aria-label={label} id={id}>
      <Rate count={ratingStars} value={value} onChange={onChange} className={large ? 'rating-stars rating-stars--large' : 'rating-stars'} />
    </div>
  );
}
