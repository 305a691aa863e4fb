import type { Config } from '../../config.ts';
import { createRazorpayProvider, type ProviderLog, type RazorpayProvider } from './razorpay.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';

export type { PaymentProvider, ProviderOrder } from './types.ts';
export type { RazorpayProvider, SandboxProvider };

/** The configured provider; `kind` tells which, so sandbox-only routes see the sandbox's extra method. */
export type ConfiguredPaymentProvider = RazorpayProvider | SandboxProvider;

/** Razorpay when keys are configured; otherwise the local sandbox, which production refuses. */
export function createPaymentProvider(config: Config, log: ProviderLog): ConfiguredPaymentProvider {
  if (config.razorpay) return createRazorpayProvider(config.razorpay, log);
  if (config.isProduction) throw new Error('Production needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET.');
  return createSandboxProvider(config.sessionSecret);
}
