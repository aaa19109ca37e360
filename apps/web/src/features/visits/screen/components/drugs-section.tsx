import { useState } from 'react';
import { App, Button, Flex, Segmented, Select, Typography } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { drugAttitudes, medicationStatuses, type DrugAttitude, type MedicationStatus, type Visit } from '@pharma/contracts';
import { ProductLabel, productTitle, ProductSelect } from '../../../catalog';
import { useVisitWriteWaiting } from '../../api/queued-visit-write';
import { useSaveDrugResults } from '../../api/visit-results';
import { useDraft } from '../use-draft';
import { addDrugLine, drugLinesChanged, drugLinesOf, drugResultsBodyOf, drugResultsOf, incompleteDrugLines, type DrugLine } from '../visit-rules';
import { SaveError } from '../../../../components/save-error';
import { SaveState } from '../../../../components/save-state';

/**
 * For each doctor met, the drugs discussed: the doctor's attitude (spec §4, four values) and the
 * medication status (pending / acquainted / denied). Kept as a draft until saved; a failed save keeps it.
 */
export function DrugsSection({ visit, onGoToDoctors }: { visit: Visit; onGoToDoctors: () => void }) {
  const { t } = useTranslation('visit');
  const { message } = App.useApp();
  const [draft, setDraft, clearDraft] = useDraft<DrugLine[]>(visit.id, 'drugs');
  const lines = draft ?? drugLinesOf(visit);
  const dirty = draft !== null && drugLinesChanged(lines, visit);
  const queued = useVisitWriteWaiting(visit.id, 'visitDrugs');
  const save = useSaveDrugResults();
  const [checked, setChecked] = useState(false);
  const missing = new Set(incompleteDrugLines(lines).map((l) => `${l.doctorId}:${l.productId}`));

  const update = (next: DrugLine[]) => setDraft(next);
  const patch = (line: DrugLine, change: Partial<DrugLine>) =>
    update(lines.map((l) => (l.doctorId === line.doctorId && l.productId === line.productId ? { ...l, ...change } : l)));

  const submit = () => {
    setChecked(true);
    if (missing.size > 0) {
      void message.warning(t('messages.attitudeMissing'));
      return;
    }
    save.mutate(
      { visit, body: drugResultsBodyOf(lines), results: drugResultsOf(lines) },
      {
        onSuccess: () => {
          clearDraft();
          setChecked(false);
          void message.success(t('common:messages.saved'));
        },
      },
    );
  };

  if (visit.doctors.length === 0) {
    return (
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text type="secondary">{t('messages.addDoctorsFirst')}</Typography.Text>
        <Button size="large" onClick={onGoToDoctors}>
          {t('sections.doctors')}
        </Button>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={12}>
      {visit.doctors.map((doctor) => {
        const own = lines.filter((l) => l.doctorId === doctor.doctorId);
        return (
          <section key={doctor.doctorId} className="doctor-drugs" aria-labelledby={`doctor-drugs-${doctor.doctorId}`} data-testid="doctor-drugs">
            <Typography.Title level={2} id={`doctor-drugs-${doctor.doctorId}`} className="doctor-drugs__title">
              {doctor.fullName}
            </Typography.Title>
            <Flex vertical gap={10}>
              {own.length === 0 ? <Typography.Text type="secondary">{t('messages.noDrugs')}</Typography.Text> : null}
              {own.map((line) => {
                const lacks = checked && missing.has(`${line.doctorId}:${line.productId}`);
                return (
                  <div key={line.productId} className={lacks ? 'drug-line drug-line--missing' : 'drug-line'} data-testid="drug-line">
                    <div className="drug-line__head">
                      <ProductLabel name={line.productName} producerName={line.producerName} />
                      <Button
                        type="text"
                        danger
                        size="large"
                        icon={<DeleteOutlined />}
                        aria-label={t('actions.removeOf', { name: productTitle({ name: line.productName, producerName: line.producerName }) })}
                        onClick={() => update(lines.filter((l) => !(l.doctorId === line.doctorId && l.productId === line.productId)))}
                      />
                    </div>
                    <Select<DrugAttitude>
                      size="large"
                      aria-label={t('fields.attitude.labelOf', { name: productTitle({ name: line.productName, producerName: line.producerName }) })}
                      placeholder={t('fields.attitude.placeholder')}
                      status={lacks ? 'warning' : undefined}
                      value={line.attitude ?? undefined}
                      onChange={(attitude) => patch(line, { attitude })}
                      options={drugAttitudes.map((a) => ({ value: a, label: t(`enums:drugAttitude.${a}`) }))}
                      popupMatchSelectWidth
                    />
                    {lacks ? <Typography.Text type="warning">{t('validation:required')}</Typography.Text> : null}
                    <Segmented<MedicationStatus>
                      block
                      aria-label={t('fields.medicationStatus.labelOf', { name: productTitle({ name: line.productName, producerName: line.producerName }) })}
                      value={line.medicationStatus}
                      onChange={(medicationStatus) => patch(line, { medicationStatus })}
                      options={medicationStatuses.map((s) => ({ value: s, label: t(`enums:medicationStatus.${s}`) }))}
                    />
                  </div>
                );
              })}
              <ProductSelect
                size="large"
                value={null}
                aria-label={t('fields.product.labelOf', { name: doctor.fullName })}
                placeholder={t('fields.product.placeholder')}
                onChange={(id, product) => {
                  if (id && product) update(addDrugLine(lines, doctor.doctorId, { id, name: product.name, producerName: product.producerName }));
                }}
                style={{ width: '100%' }}
              />
            </Flex>
          </section>
        );
      })}
      <SaveError error={save.error} onRetry={submit} retrying={save.isPending} />
      <Flex align="center" justify="space-between" gap={8} wrap>
        <SaveState dirty={dirty} saving={save.isPending} failed={save.isError} queued={queued} sent={save.isSuccess} />
        <Button type="primary" size="large" icon={<SaveOutlined />} loading={save.isPending} disabled={!dirty} onClick={submit}>
          {t('actions.saveDrugs')}
        </Button>
      </Flex>
    </Flex>
  );
}
