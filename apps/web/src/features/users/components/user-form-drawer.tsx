import { useMemo } from 'react';
import { App, Button, Col, DatePicker, Drawer, Flex, Form, Input, Row, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  createUserBody,
  dateFormat,
  formatPhone,
  phone,
  roles,
  rolesWithoutManager,
  searchKey,
  updateUserBody,
  type CreateUserBody,
  type UpdateUserBody,
  type Role,
  type User,
} from '@pharma/contracts';
import { PhonesInput } from '../../../components/phones-input';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../components/zod-form';
import { useWindowWidth, phoneBelowPx } from '../../../lib/use-window-width';
import { useOrgUnits } from '../../org-units';
import { useUser } from '../api/get-user';
import { useUserOptions } from '../api/get-user-options';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';

/** What the drawer shows: a new user, or an existing one (read-only without users.edit). */
export type UserDrawerTarget = { mode: 'create' } | { mode: 'edit'; id: number };

interface Props {
  target: UserDrawerTarget | null;
  canEdit: boolean;
  onClose: () => void;
}

export function UserFormDrawer({ target, canEdit, onClose }: Props) {
  const { t } = useTranslation('users');
  const width = useWindowWidth();
  const id = target?.mode === 'edit' ? target.id : null;
  const user = useUser(id);
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutations = { create, update };
  const title = target?.mode === 'create' ? t('titles.createUser') : canEdit ? t('titles.editUser') : t('titles.user');
  const formId = 'user-form';

  let body;
  if (!target) body = null;
  else if (target.mode === 'create') body = <UserForm key="new" formId={formId} canEdit={canEdit} onDone={onClose} mutations={mutations} />;
  else if (user.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (user.isError) body = <QueryError error={user.error} onRetry={() => void user.refetch()} retrying={user.isFetching} />;
  else body = <UserForm key={user.data.id} formId={formId} user={user.data} canEdit={canEdit} onDone={onClose} mutations={mutations} />;

  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      title={title}
      size={width < phoneBelowPx ? '100%' : 640}
      destroyOnHidden
      footer={
        canEdit && target ? (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <Button type="primary" htmlType="submit" form={formId} loading={create.isPending || update.isPending}>
              {t('common:actions.save')}
            </Button>
          </Flex>
        ) : null
      }
    >
      {body}
    </Drawer>
  );
}

interface FormValues {
  fullName?: string;
  login?: string;
  password?: string;
  position?: string;
  role?: Role;
  managerId?: number | null;
  departmentId?: number | null;
  branchId?: number | null;
  telegramId?: string | null;
  birthDate?: Dayjs | null;
  address?: string | null;
  phones?: string[];
}

function toFormValues(user: User | undefined): FormValues {
  if (!user) return { phones: [] };
  return {
    fullName: user.fullName,
    login: user.login,
    password: '',
    position: user.position,
    role: user.role,
    managerId: user.managerId,
    departmentId: user.departmentId,
    branchId: user.branchId,
    telegramId: user.telegramId,
    birthDate: user.birthDate ? dayjs(user.birthDate) : null,
    address: user.address,
    phones: user.phones.map(formatPhone),
  };
}

/** The form values in the request's shape; the zod schema then checks and normalises them. */
function toBody(values: FormValues) {
  return {
    ...values,
    managerId: values.managerId ?? null,
    departmentId: values.departmentId ?? null,
    branchId: values.branchId ?? null,
    birthDate: values.birthDate ? values.birthDate.format(dateFormat) : null,
    phones: (values.phones ?? []).filter((p) => typeof p === 'string' && p.trim() !== ''),
  };
}

interface UserFormProps {
  user?: User;
  canEdit: boolean;
  formId: string;
  onDone: () => void;
  mutations: { create: ReturnType<typeof useCreateUser>; update: ReturnType<typeof useUpdateUser> };
}

function UserForm({ user, canEdit, formId, onDone, mutations: { create, update } }: UserFormProps) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const creating = !user;
  const zf = useZodForm(creating ? createUserBody : updateUserBody);
  const role = Form.useWatch('role', zf.form);
  const managerRequired = !role || !rolesWithoutManager.includes(role);

  const managers = useUserOptions();
  const departments = useOrgUnits('departments');
  const branches = useOrgUnits('branches');

  const managerOptions = useMemo(() => {
    const options = (managers.data ?? []).filter((o) => o.id !== user?.id).map((o) => ({ value: o.id, label: o.fullName, role: o.role }));
    // the current manager may be out of scope or inactive: still show the name
    if (user?.managerId && !options.some((o) => o.value === user.managerId)) {
      options.unshift({ value: user.managerId, label: user.managerName ?? String(user.managerId), role: user.role });
    }
    return options;
  }, [managers.data, user]);

  const unitOptions = (units: typeof departments.data) => (units ?? []).map((u) => ({ value: u.id, label: u.name }));
  const filterOption = (input: string, option?: { label?: unknown }) => searchKey(String(option?.label ?? '')).includes(searchKey(input));

  const submit = (body: CreateUserBody | UpdateUserBody) => {
    const done = (text: string) => {
      void message.success(text);
      onDone();
    };
    if (creating) create.mutate(body as CreateUserBody, { onSuccess: () => done(t('messages.created')), onError: zf.fail });
    else update.mutate({ id: user.id, body }, { onSuccess: () => done(t('messages.updated')), onError: zf.fail });
  };

  const half = { xs: 24, sm: 12 };
  return (
    <Form<FormValues>
      id={formId}
      form={zf.form}
      layout="vertical"
      initialValues={toFormValues(user)}
      {...zf.submitHandlers(submit, toBody)}
      disabled={!canEdit}
      scrollToFirstError
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="fullName" label={t('fields.fullName.label')} required rules={zf.rule('fullName')}>
            <Input autoComplete="off" maxLength={120} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="login" label={t('fields.login.label')} required rules={zf.rule('login')} extra={creating ? t('validation:loginFormat') : undefined}>
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={32} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="password"
            label={creating ? t('fields.password.label') : t('fields.newPassword.label')}
            required={creating}
            rules={zf.rule('password')}
            extra={creating ? undefined : t('messages.passwordKeep')}
          >
            <Input.Password autoComplete="new-password" maxLength={128} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="position" label={t('fields.position.label')} required rules={zf.rule('position')}>
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="role" label={t('fields.role.label')} required rules={zf.rule('role')}>
            <Select options={roles.map((r) => ({ value: r, label: t(`enums:role.${r}`) }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="managerId" label={t('fields.managerId.label')} required={managerRequired}>
            <Select
              showSearch={{ filterOption }}
              allowClear
              loading={managers.isPending}
              options={managerOptions}
              optionRender={(option) => (
                <Flex justify="space-between" gap={8}>
                  <span>{option.data.label}</span>
                  <span className="cell-muted">{t(`enums:role.${option.data.role}`)}</span>
                </Flex>
              )}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="departmentId" label={t('fields.departmentId.label')}>
            <Select allowClear showSearch={{ filterOption }} loading={departments.isPending} options={unitOptions(departments.data)} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="branchId" label={t('fields.branchId.label')}>
            <Select allowClear showSearch={{ filterOption }} loading={branches.isPending} options={unitOptions(branches.data)} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="telegramId" label={t('fields.telegramId.label')} rules={zf.rule('telegramId')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="birthDate" label={t('fields.birthDate.label')}>
            <DatePicker format={dateFormat} style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs())} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t('fields.address.label')} rules={zf.rule('address')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={255} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <PhonesInput label={t('fields.phones.label')} rule={zf.schemaRule(phone)} />
        </Col>
      </Row>
    </Form>
  );
}
