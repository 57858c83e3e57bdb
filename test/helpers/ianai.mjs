// What the real site's pages say of its API reference, for the tests of the site and of the API
// stage alike: the API pages the tutorials and the specification name, by slug.
export const NAMED_API_PAGES = [
  'update-shipment-status',
  'update-shipping-rate-for-a-shipment',
  'update-vendor-item',
  'update-work-order',
  'update-work-order-status-bulk',
  'update-work-plan',
  'upload-attachments',
  'vendor',
  'verify-shipment-shipping-address',
  'create-a-customer',
  'get-customer-list',
  'work-order',
];
