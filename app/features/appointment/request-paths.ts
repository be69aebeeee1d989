/** Where each form says it came from (the lead's `source`). */
export const APPOINTMENT_PATH = "/request-appointment";
export const GET_STARTED_PATH = "/get-started";
