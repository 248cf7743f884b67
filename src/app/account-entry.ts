export { AuthCallbackScreen } from '@/features/auth/components/auth-callback-screen'
export { ForgotPasswordScreen } from '@/features/auth/components/forgot-password-screen'
export { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen'
export { SignUpScreen } from '@/features/auth/components/sign-up-screen'
