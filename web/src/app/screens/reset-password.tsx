export { ResetPasswordForm as default } from '../../features/auth/components/reset-password-form.tsx';
