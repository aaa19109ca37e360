import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Language, OrderSpecification } from '@pharma/contracts';
import { cellText, specificationDocument } from './specification.document.js';

/** DejaVu Sans (Latin and Cyrillic) from the dejavu-fonts-ttf package: embedded, no system fonts needed. */
const require = createRequire(import.meta.url);
const fonts = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'),
};

const margin = 32;
const fontSize = 8;
const pad = 3;

/**
 * The specification as an A4 landscape PDF: title, the parties' details, the positions table
 * (repeating its header on each page), the totals and the signature lines. The order number is
 * also the document's subject (searchable in the file, unlike the text drawn with a subset font).
 */
export async function specificationPdf(spec: OrderSpecification, lng: Language): Promise<Buffer> {
  const doc = specificationDocument(spec, lng);
  const pdf = new PDFDocument({ size: 'A4', layout: 'landscape', margin, info: { Title: doc.title, Subject: spec.order.number }, lang: lng });
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const width = pdf.page.width - 2 * margin;
  const bottom = () => pdf.page.height - margin;
  pdf.font('bold').fontSize(13).text(doc.title, margin, margin, { width });
  pdf.moveDown(0.6);

  // the three detail blocks side by side
  const blockWidth = (width - 2 * 12) / 3;
  const top = pdf.y;
  let blocksBottom = top;
  doc.parties.forEach((party, i) => {
    const x = margin + i * (blockWidth + 12);
    pdf.font('bold').fontSize(9).text(party.title, x, top, { width: blockWidth });
    for (const [label, value] of party.lines) {
      pdf
        .font('regular')
        .fontSize(fontSize)
        .fillColor('#555555')
        .text(`${label}: `, x, pdf.y, { width: blockWidth, continued: true })
        .fillColor('#000000')
        .text(value);
    }
    blocksBottom = Math.max(blocksBottom, pdf.y);
  });
  pdf.y = blocksBottom + 10;
  pdf.font('regular').fontSize(fontSize).fillColor('#555555').text(doc.t('currency'), margin, pdf.y, { width }).fillColor('#000000');
  pdf.moveDown(0.3);

  // the positions table
  const totalWeight = doc.columns.reduce((s, c) => s + c.width, 0);
  const widths = doc.columns.map((c) => (c.width / totalWeight) * width);
  const xs = widths.map((_, i) => margin + widths.slice(0, i).reduce((s, w) => s + w, 0));
  const align = (kind: string) => (kind === 'money' || kind === 'int' || kind === 'percent' ? 'right' : 'left');
  const rowHeight = (cells: string[], font: 'regular' | 'bold') => {
    pdf.font(font).fontSize(fontSize);
    return Math.max(...cells.map((text, i) => pdf.heightOfString(text, { width: widths[i]! - 2 * pad }))) + 2 * pad;
  };
  const drawRow = (cells: string[], font: 'regular' | 'bold', fill?: string) => {
    const h = rowHeight(cells, font);
    const y = pdf.y;
    cells.forEach((text, i) => {
      if (fill) pdf.rect(xs[i]!, y, widths[i]!, h).fill(fill).fillColor('#000000');
      pdf.lineWidth(0.5).rect(xs[i]!, y, widths[i]!, h).stroke('#888888');
      pdf
        .font(font)
        .fontSize(fontSize)
        .text(text, xs[i]! + pad, y + pad, { width: widths[i]! - 2 * pad, align: font === 'bold' && fill ? 'center' : align(doc.columns[i]!.kind) });
    });
    pdf.y = y + h;
  };
  const header = doc.columns.map((c) => c.title);
  const drawHeader = () => drawRow(header, 'bold', '#eeeeee');
  drawHeader();
  spec.order.positions.forEach((p, index) => {
    const cells = doc.columns.map((c) => cellText(c.kind, c.value(p, index), lng));
    if (pdf.y + rowHeight(cells, 'regular') > bottom()) {
      pdf.addPage();
      pdf.y = margin;
      drawHeader();
    }
    drawRow(cells, 'regular');
  });

  // totals under the sum column, labels to their left
  const sumIndex = doc.columns.length - 1;
  const quantityIndex = doc.columns.findIndex((c) => c.key === 'quantity');
  const labelX = xs[doc.columns.findIndex((c) => c.key === 'basePriceWithVat')]!;
  pdf.moveDown(0.4);
  for (const total of doc.totals) {
    if (pdf.y + 14 > bottom()) {
      pdf.addPage();
      pdf.y = margin;
    }
    const y = pdf.y;
    pdf
      .font('bold')
      .fontSize(9)
      .text(total.label, labelX, y, { width: xs[sumIndex]! - labelX - pad, align: 'right' });
    pdf.text(cellText('money', total.value, lng), xs[sumIndex]!, y, { width: widths[sumIndex]! - pad, align: 'right' });
    if (total === doc.totals[0])
      pdf.text(cellText('int', spec.totals.quantity, lng), xs[quantityIndex]!, y, { width: widths[quantityIndex]! - pad, align: 'right' });
    pdf.y = Math.max(pdf.y, y + 13);
  }

  if (pdf.y + 50 > bottom()) {
    pdf.addPage();
    pdf.y = margin;
  }
  pdf.y += 30;
  const y = pdf.y;
  pdf
    .font('regular')
    .fontSize(9)
    .text(`${doc.t('signatures.distributor')}: ____________________`, margin, y, { width: width / 2 });
  pdf.text(`${doc.t('signatures.client')}: ____________________`, margin + width / 2, y, { width: width / 2 });
  pdf.end();
  return done;
}
