export { SignUpForm as default } from '../../features/auth/components/sign-up-form.tsx';
