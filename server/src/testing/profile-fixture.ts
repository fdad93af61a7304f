/** A profile that passes every rule of `PUT /api/my/profile`. */
export const VALID_PROFILE = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  countryCode: '+1',
  mobileNo: '2015550123',
  adrLine1: '1 Main Street',
  country: 'United States',
  state: 'California',
  city: 'San Francisco',
  pincode: '94105',
};
