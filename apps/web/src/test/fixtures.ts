import type {
  Delivery,
  DeliveryStop,
  DeliveryStopPosition,
  District,
  DuplicateCandidate,
  MapConfig,
  OrderQuote,
  OrderSummary,
  Organization,
  Region,
  ShippableOrder,
  StockByProductRow,
  Visit,
  VisitOrder,
} from '@pharma/contracts';

/**
 * Builders of the server's answers, typed from the contracts: a changed contract breaks the type
 * check here rather than a test silently answering with an outdated shape.
 */

const text = (value: string) => ({ ru: value, en: value, 'uz-Latn': value, 'uz-Cyrl': value });

export function district(overrides: Partial<District> = {}): District {
  return { id: 11, regionId: 1, name: text('Yunusabad'), ...overrides };
}

export function region(overrides: Partial<Region> = {}): Region {
  const id = overrides.id ?? 1;
  return { id, code: 'TAS', name: text('Tashkent'), districts: [district({ regionId: id })], ...overrides };
}

export function organization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 7,
    name: 'Shifo Pharm',
    type: 'pharmacy',
    regionId: 1,
    regionName: text('Tashkent'),
    districtId: 11,
    districtName: text('Yunusabad'),
    address: 'Amir Temur 1',
    lat: 41.311,
    lng: 69.279,
    phone: '+998901234567',
    inn: '123456789',
    responsiblePerson: 'Aziz Karimov',
    responsiblePhone: null,
    branchName: null,
    legalName: null,
    legalAddress: null,
    bankName: null,
    bankAccount: null,
    bankMfo: null,
    brandId: null,
    brandName: null,
    deliveryRegionId: 1,
    deliveryDistrictId: 11,
    deliveryAddress: 'Amir Temur 1',
    deliveryHouse: null,
    deliveryLat: null,
    deliveryLng: null,
    size: null,
    creditLimit: null,
    creditDays: null,
    minShelfLifeMonths: null,
    defaultClientType: null,
    defaultPaymentVariant: null,
    blocked: false,
    block: null,
    favorite: false,
    distance: null,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export function stockRow(overrides: Partial<StockByProductRow> = {}): StockByProductRow {
  return {
    productId: 101,
    productName: 'Paracetamol 500 mg',
    producerName: 'Nika Pharm',
    country: 'UZ',
    unit: 'package',
    barcode: null,
    batchCount: 1,
    onHand: 50,
    reserved: 0,
    free: 50,
    shortDatedFree: 0,
    expiredOnHand: 0,
    blockedOnHand: 0,
    nearestExpiry: '2028-01-01',
    shortDated: false,
    ...overrides,
  };
}

export type QuotedPosition = OrderQuote['positions'][number];

/** One batch of a quoted line: sums follow quantity × sale price. */
export function quotedPosition(overrides: Partial<QuotedPosition> = {}): QuotedPosition {
  const quantity = overrides.quantity ?? 1;
  const salePrice = overrides.salePrice ?? 1_200_00;
  const basePriceWithVat = overrides.basePriceWithVat ?? 1_000_00;
  return {
    productId: 101,
    batchId: 501,
    series: 'A-1',
    expiryDate: '2028-01-01',
    basePrice: 893_00,
    basePriceWithVat,
    markupPercent: 20,
    vatPercent: 12,
    salePrice,
    sumBaseWithVat: basePriceWithVat * quantity,
    sumSale: salePrice * quantity,
    ...overrides,
    quantity,
  };
}

/** A quote whose totals add up its positions. */
export function orderQuote(overrides: Partial<OrderQuote> = {}): OrderQuote {
  const positions = overrides.positions ?? [quotedPosition()];
  const sumSale = positions.reduce((s, p) => s + p.sumSale, 0);
  return {
    clientType: 'retail',
    vatPercent: 12,
    prepaymentPercent: 0,
    positions,
    sumBaseWithVat: positions.reduce((s, p) => s + p.sumBaseWithVat, 0),
    sumSale,
    prepaymentAmount: 0,
    creditReasons: [],
    ...overrides,
  };
}

export function stopPosition(overrides: Partial<DeliveryStopPosition> = {}): DeliveryStopPosition {
  return { id: 901, productName: 'Paracetamol 500 mg', quantity: 10, sumSale: 12_000_00, ...overrides };
}

export function deliveryStop(overrides: Partial<DeliveryStop> = {}): DeliveryStop {
  return {
    id: 31,
    sequence: 1,
    orderId: 21,
    orderNumber: 'ORD-0021',
    orderStatus: 'shipped',
    organizationId: 7,
    organizationName: 'Shifo Pharm',
    phone: '+998901234567',
    address: 'Amir Temur 1',
    lat: 41.311,
    lng: 69.279,
    sumSale: 12_000_00,
    status: 'pending',
    recipientName: null,
    refusalReason: null,
    deliveredAt: null,
    proof: null,
    hasPhoto: false,
    positions: [stopPosition()],
    ...overrides,
  };
}

/** A delivery on the way with its stops (one pending stop unless given). */
export function delivery(overrides: Partial<Delivery> = {}): Delivery {
  const stops = overrides.stops ?? [deliveryStop()];
  return {
    id: 41,
    number: 'DLV-0041',
    date: '2026-11-26',
    type: 'ownCourier',
    status: 'on_the_way',
    courierId: 1,
    courierName: 'Test User',
    carId: null,
    carPlate: null,
    warehouseId: 1,
    warehouseName: 'Main warehouse',
    address: 'Amir Temur 1',
    district: null,
    house: null,
    boxCount: 1,
    pricePerBox: 0,
    pricePerKm: 0,
    distanceM: 0,
    weightG: 0,
    cost: 0,
    stopCount: stops.length,
    deliveredCount: 0,
    closedCount: 0,
    firstStopAddress: stops[0]?.address ?? null,
    courierPosition: null,
    warehouseLat: 41.3,
    warehouseLng: 69.25,
    createdAt: '2026-11-26T08:00:00.000Z',
    ...overrides,
    stops,
  };
}

/** The map settings (GET /api/geocode/config): Tashkent, no external geocoder. */
export function mapConfig(overrides: Partial<MapConfig> = {}): MapConfig {
  return {
    tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
    attribution: 'test tiles',
    geocoder: false,
    nearbyRadiusM: 50,
    center: { lat: 41.31, lng: 69.28, zoom: 12 },
    bounds: { south: 37, north: 46, west: 56, east: 74 },
    ...overrides,
  };
}

/** An order approved for shipment (GET /api/deliveries/shippable). */
export function shippableOrder(overrides: Partial<ShippableOrder> = {}): ShippableOrder {
  return {
    id: 21,
    number: 'ORD-0021',
    date: '2026-11-25',
    organizationId: 7,
    organizationName: 'Shifo Pharm',
    address: 'Amir Temur 1',
    lat: 41.311,
    lng: 69.279,
    sumSale: 12_000_00,
    weightG: 1_500,
    ...overrides,
  };
}

/** An organization the duplicates check finds (POST /api/organizations/check-duplicates): the same INN, openable. */
export function duplicateCandidate(overrides: Partial<DuplicateCandidate> = {}): DuplicateCandidate {
  return {
    id: 8,
    name: 'Shifo Pharm Chilonzor',
    type: 'pharmacy',
    address: 'Bunyodkor 12',
    inn: '123456789',
    reasons: ['inn'],
    distance: null,
    blocked: false,
    visible: true,
    ...overrides,
  };
}

/** The signed-in representative's (user 1) visit to the fixture's organization, in progress since 10:05, nothing recorded yet. */
export function visit(overrides: Partial<Visit> = {}): Visit {
  return {
    id: 50,
    status: 'in_progress',
    organizationId: 7,
    organizationName: 'Shifo Pharm',
    representativeId: 1,
    representativeName: 'Test User',
    plannedStart: '2026-11-26T10:00:00.000Z',
    plannedEnd: '2026-11-26T10:45:00.000Z',
    startedAt: '2026-11-26T10:05:00.000Z',
    completedAt: null,
    comment: null,
    proofScore: null,
    proofReasons: [],
    review: null,
    reviewComment: null,
    reviewedByName: null,
    reviewedAt: null,
    startPosition: { lat: 41.311, lng: 69.279, accuracy: 8 },
    endPosition: null,
    distanceM: null,
    cancelReason: null,
    doctors: [],
    drugResults: [],
    remainders: [],
    rating: null,
    ...overrides,
  };
}

/** What a visit reserved and pre-ordered (GET /api/visits/:id/order): nothing unless given, first visit. */
export function visitOrder(overrides: Partial<VisitOrder> = {}): VisitOrder {
  return { holdHours: 24, reservations: [], sumSale: 0, preOrders: [], previousVisit: null, suggested: [], ...overrides };
}

/** An order in a list (GET /api/orders). */
export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 21,
    number: 'ORD-0021',
    date: '2026-11-26',
    status: 'new',
    organizationId: 7,
    organizationName: 'Shifo Pharm',
    agentId: 1,
    agentName: 'Test User',
    operatorId: null,
    operatorName: null,
    clientType: 'retail',
    paymentVariant: 'bankTransfer',
    prepaymentPercent: 0,
    sumBaseWithVat: 10_000_00,
    sumSale: 12_000_00,
    prepaymentAmount: 0,
    paid: 0,
    createdAt: '2026-11-26T11:00:00.000Z',
    ...overrides,
  };
}
