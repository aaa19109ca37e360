import { App, Col, Form, Input, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { doctorSpecializations, formatPhone, saveDoctorBody, type Doctor, type SaveDoctorBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { ApiError } from '../../../lib/api-client';
import { OrganizationPicker, filterChoice } from '../../organizations';
import { useCreateDoctor } from '../api/create-doctor';
import { useUpdateDoctor } from '../api/update-doctor';

/** What the modal edits: a new doctor (of an organization, if given) or an existing one. */
export type DoctorTarget = { mode: 'create'; organizationId?: number } | { mode: 'edit'; doctor: Doctor };

const formId = 'doctor-form';

/**
 * Add or edit a doctor (spec §5: name, surname, phone, specialization and organization required).
 * A doctor already in the organization is refused by the server: its message is shown.
 */
export function DoctorFormModal({ target, onClose, onSaved }: { target: DoctorTarget | null; onClose: () => void; onSaved?: (doctor: Doctor) => void }) {
  const { t } = useTranslation('doctors');
  const create = useCreateDoctor();
  const update = useUpdateDoctor();
  return (
    <Modal
      open={!!target}
      title={target?.mode === 'edit' ? t('titles.edit') : t('titles.add')}
      onCancel={onClose}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: create.isPending || update.isPending }}
      destroyOnHidden
      width={640}
    >
      {target ? (
        <DoctorForm key={target.mode === 'edit' ? target.doctor.id : 'new'} target={target} onDone={onClose} onSaved={onSaved} mutations={{ create, update }} />
      ) : null}
    </Modal>
  );
}

interface FormValues {
  lastName?: string;
  firstName?: string;
  middleName?: string | null;
  phone?: string;
  position?: string | null;
  specialization?: Doctor['specialization'];
  organizationId?: number | null;
}

function DoctorForm({
  target,
  onDone,
  onSaved,
  mutations: { create, update },
}: {
  target: DoctorTarget;
  onDone: () => void;
  onSaved?: (doctor: Doctor) => void;
  mutations: { create: ReturnType<typeof useCreateDoctor>; update: ReturnType<typeof useUpdateDoctor> };
}) {
  const { t } = useTranslation('doctors');
  const { message } = App.useApp();
  const zf = useZodForm(saveDoctorBody);
  const fixedOrganization = target.mode === 'create' && !!target.organizationId;

  const initialValues: FormValues =
    target.mode === 'edit' ? { ...target.doctor, phone: formatPhone(target.doctor.phone) } : { organizationId: target.organizationId ?? null };

  const fail = (error: unknown) => {
    // "This doctor has already been added to the organization." — said at the top, it concerns the whole record
    if (error instanceof ApiError && error.code === 'DOCTOR_ALREADY_ADDED') {
      zf.form.setFields([{ name: 'lastName', errors: [error.message] }]);
      void message.error(error.message);
      return;
    }
    zf.fail(error);
  };

  const submit = (body: SaveDoctorBody) => {
    const done = (doctor: Doctor, text: string) => {
      void message.success(text);
      onSaved?.(doctor);
      onDone();
    };
    if (target.mode === 'edit') update.mutate({ id: target.doctor.id, body }, { onSuccess: (d) => done(d, t('common:messages.saved')), onError: fail });
    else create.mutate(body, { onSuccess: (d) => done(d, t('messages.added')), onError: fail });
  };

  const half = { xs: 24, sm: 12 };
  return (
    <Form<FormValues> id={formId} form={zf.form} layout="vertical" initialValues={initialValues} {...zf.submitHandlers(submit)}>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="lastName" label={t('fields.lastName.label')} required rules={zf.rule('lastName')}>
            <Input maxLength={60} autoComplete="off" autoFocus />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="firstName" label={t('fields.firstName.label')} required rules={zf.rule('firstName')}>
            <Input maxLength={60} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="middleName" label={t('fields.middleName.label')} rules={zf.rule('middleName')}>
            <Input maxLength={60} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="phone" label={t('fields.phone.label')} required rules={zf.rule('phone')}>
            <Input inputMode="tel" autoComplete="off" placeholder="+998 90 123 45 67" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="specialization" label={t('fields.specialization.label')} required rules={zf.rule('specialization')}>
            <Select
              showSearch={{ filterOption: filterChoice }}
              options={doctorSpecializations.map((s) => ({ value: s, label: t(`enums:doctorSpecialization.${s}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="position" label={t('fields.position.label')} rules={zf.rule('position')}>
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col span={24} style={fixedOrganization ? { display: 'none' } : undefined}>
          <Form.Item name="organizationId" label={t('fields.organizationId.label')} required rules={zf.rule('organizationId')}>
            <OrganizationPicker />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
