import { App, Button, Card, Col, DatePicker, Descriptions, Form, Input, Row, Skeleton } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { dateFormat, formatPhone, phone, updateProfileBody, type Profile, type UpdateProfileBody } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { PhonesInput } from '../../../components/phones-input';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../components/zod-form';
import { updateSessionUser } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

interface FormValues {
  fullName?: string;
  telegramId?: string | null;
  birthDate?: Dayjs | null;
  address?: string | null;
  phones?: string[];
}

/** The signed-in user's own details; name, telegram id, birth date, address and phones are editable. */
export function ProfilePage() {
  const { t } = useTranslation('account');
  const query = useProfile();

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else body = <ProfileForm profile={query.data} />;

  return (
    <>
      <PageHeader title={t('nav:titles.profile')} />
      {body}
    </>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const zf = useZodForm(updateProfileBody);
  const update = useUpdateProfile();

  const toBody = (values: FormValues) => ({
    ...values,
    birthDate: values.birthDate ? values.birthDate.format(dateFormat) : null,
    phones: (values.phones ?? []).filter((p) => typeof p === 'string' && p.trim() !== ''),
  });

  const submit = (body: UpdateProfileBody) => {
    update.mutate(body, {
      onSuccess: (saved) => {
        updateSessionUser({ fullName: saved.fullName });
        void message.success(t('common:messages.saved'));
      },
      onError: zf.fail,
    });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card variant="borderless" title={t('titles.account')}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'login', label: t('fields.login.label'), children: profile.login },
              { key: 'role', label: t('fields.role.label'), children: t(`enums:role.${profile.role}`) },
              { key: 'position', label: t('fields.position.label'), children: profile.position },
              { key: 'manager', label: t('fields.manager.label'), children: profile.managerName ?? '—' },
              { key: 'scope', label: t('fields.scope.label'), children: t(`enums:dataScope.${profile.scope}`) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card variant="borderless" title={t('titles.personal')}>
          <Form<FormValues>
            form={zf.form}
            layout="vertical"
            {...zf.submitHandlers(submit, toBody)}
            initialValues={{
              fullName: profile.fullName,
              telegramId: profile.telegramId,
              birthDate: profile.birthDate ? dayjs(profile.birthDate) : null,
              address: profile.address,
              phones: profile.phones.map(formatPhone),
            }}
          >
            <Row gutter={16}>
              <Col span={24}>
                <Form.Item name="fullName" label={t('fields.fullName.label')} required rules={zf.rule('fullName')}>
                  <Input maxLength={120} autoComplete="name" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="telegramId" label={t('fields.telegramId.label')} rules={zf.rule('telegramId')}>
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="birthDate" label={t('fields.birthDate.label')}>
                  <DatePicker format={dateFormat} style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs())} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="address" label={t('fields.address.label')} rules={zf.rule('address')}>
                  <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={255} autoComplete="street-address" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <PhonesInput label={t('fields.phones.label')} rule={zf.schemaRule(phone)} />
              </Col>
            </Row>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending}>
              {t('common:actions.save')}
            </Button>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
