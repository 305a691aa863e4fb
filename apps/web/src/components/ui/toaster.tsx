import { Toaster as Sonner } from 'sonner';
import { Toaster as TitledToaster } from './toast';

/**
 * Both notification styles of the spec, mounted once:
 * - titled messages (toast() from ./toast): 1 visible, 5000 ms. Used for every message the spec gives a
 *   title and text to (sign-in required, payment results, contact results, profile and settings saves…).
 * - short notices (sonner's toast()): 3 visible, 4000 ms, 14 px gap, 356 px wide (sonner's defaults),
 *   used for one-line notices: 'Welcome back!', 'Logged out', the lesson completion toast.
 */
export function Toasters() {
  return (
    <>
      <TitledToaster />
      <Sonner
        visibleToasts={3}
        duration={4000}
        gap={14}
        position="bottom-right"
        theme="system"
        richColors
        closeButton
      />
    </>
  );
}
