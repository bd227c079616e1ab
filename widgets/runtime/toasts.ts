/** The toast store shared by every widget (forms, assistant): add a toast, it goes after a while. */
import { signal } from '@preact/signals-core';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

export const toasts = signal<Toast[]>([]);
/** A drawer (the assistant's) is open: toasts move where they cover none of its controls (toaster.css). */
export const besideDrawer = signal(false);
let nextId = 1;

export const TOAST_DURATION_MS = 6000;

export function showToast(toast: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }): number {
  const id = nextId++;
  toasts.value = [...toasts.value, { variant: 'default', ...toast, id }];
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export function dismissToast(id: number): void {
  toasts.value = toasts.value.filter((toast) => toast.id !== id);
}
