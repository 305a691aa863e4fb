export { EnrollButton, type EnrollButtonProps } from './components/enroll-button';
export { PayButton, type PayButtonHandle, type PayButtonProps, type PayButtonState } from './components/pay-button';
