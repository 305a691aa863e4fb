export { EnrollButton, type EnrollButtonProps } from './components/enroll-button';
export { PayButton, type PayButtonProps, type PayButtonState } from './components/pay-button';
