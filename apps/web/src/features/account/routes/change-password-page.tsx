import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordBody, type ChangePasswordBody } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { useZodForm } from '../../../components/zod-form';
import { useChangePassword } from '../api/change-password';

/** The current password, a new one (at least 8 characters) and its confirmation. */
export function ChangePasswordPage() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const zf = useZodForm(changePasswordBody);
  const change = useChangePassword();

  const submit = (body: ChangePasswordBody) => {
    change.mutate(body, {
      onSuccess: () => {
        zf.form.resetFields();
        void message.success(t('common:messages.saved'));
      },
      onError: zf.fail,
    });
  };

  return (
    <>
      <PageHeader title={t('nav:titles.changePassword')} />
      <Card variant="borderless" style={{ maxWidth: 480 }}>
        <Form form={zf.form} layout="vertical" {...zf.submitHandlers(submit)}>
          <Form.Item name="currentPassword" label={t('fields.currentPassword.label')} required rules={zf.rule('currentPassword')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="newPassword" label={t('fields.newPassword.label')} required rules={zf.rule('newPassword')} extra={t('validation:passwordMin')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" label={t('fields.confirmPassword.label')} required rules={zf.rule('confirmPassword')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('actions.changePassword')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
