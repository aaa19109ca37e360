import { describe, expect, it } from 'vitest';
import { addLine, lineErrors, linesToBody, quotedOf } from './order-lines';

describe('order lines', () => {
  it('sends only counted lines, with a markup only when the line sets one', () => {
    expect(
      linesToBody([
        { productId: 1, productName: 'A', quantity: 3 },
        { productId: 2, productName: 'B', quantity: null },
        { productId: 3, productName: 'C', quantity: 0 },
        { productId: 4, productName: 'D', quantity: 2, markupPercent: 12.5 },
        { productId: 5, productName: 'E', quantity: 1, markupPercent: null },
      ]),
    ).toEqual([
      { productId: 1, quantity: 3 },
      { productId: 4, quantity: 2, markupPercent: 12.5 },
      { productId: 5, quantity: 1 },
    ]);
  });

  it('never adds a product twice', () => {
    const lines = addLine([{ productId: 1, productName: 'A', quantity: 3 }], { productId: 1, productName: 'A', quantity: 1 });
    expect(lines).toEqual([{ productId: 1, productName: 'A', quantity: 3 }]);
    expect(addLine(lines, { productId: 2, productName: 'B', quantity: 1 })).toHaveLength(2);
  });

  it('maps a line error of the body back to its product and sums a product over its batches', () => {
    const body = [
      { productId: 7, quantity: 1 },
      { productId: 9, quantity: 50 },
    ];
    expect(lineErrors({ 'positions.1.quantity': 'Must be at most 10', deliveryAddress: 'Required field' }, body)).toEqual(new Map([[9, 'Must be at most 10']]));
    const quote = {
      clientType: 'retail' as const,
      vatPercent: 12,
      prepaymentPercent: 0,
      sumBaseWithVat: 0,
      sumSale: 0,
      prepaymentAmount: 0,
      creditReasons: [],
      positions: [
        {
          productId: 9,
          batchId: 1,
          series: 'A',
          expiryDate: '2027-01-01',
          quantity: 20,
          basePrice: 100,
          basePriceWithVat: 112,
          markupPercent: 20,
          vatPercent: 12,
          salePrice: 200,
          sumBaseWithVat: 2240,
          sumSale: 4000,
        },
        {
          productId: 9,
          batchId: 2,
          series: 'B',
          expiryDate: '2027-06-01',
          quantity: 5,
          basePrice: 90,
          basePriceWithVat: 101,
          markupPercent: 20,
          vatPercent: 12,
          salePrice: 200,
          sumBaseWithVat: 505,
          sumSale: 1000,
        },
      ],
    };
    expect(quotedOf(quote, 9)).toMatchObject({ sumSale: 5000, sumBaseWithVat: 2745 });
    expect(quotedOf(quote, 7).positions).toEqual([]);
  });
});
