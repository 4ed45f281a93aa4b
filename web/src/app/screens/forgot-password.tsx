export { ForgotPasswordForm as default } from '../../features/auth/components/forgot-password-form.tsx';
