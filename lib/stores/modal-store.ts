import { create } from 'zustand';

/** Named modals (spec section 2). The deposit dialog is `PayIn`. */
export const MODAL = {
  PayIn: 'PayIn',
  SuccessPayment: 'SuccessPayment',
  login: 'login',
  signup: 'signup',
} as const;

export type KnownModalName = (typeof MODAL)[keyof typeof MODAL];
/** A known modal name, or any other string for modals added later. */
export type ModalName = KnownModalName | (string & {});

export interface ModalState {
  /** Open modals in the order they were opened (the last one is on top). */
  openModals: ModalName[];
  /** Data passed to `open`, per open modal. */
  payloads: Partial<Record<ModalName, unknown>>;
  /** Opens a modal (again on top if already open), optionally with data for it. */
  open: (name: ModalName, payload?: unknown) => void;
  close: (name: ModalName) => void;
  closeAll: () => void;
  isOpen: (name: ModalName) => boolean;
  isAnyOpen: () => boolean;
}

export const useModalStore = create<ModalState>()((set, get) => ({
  openModals: [],
  payloads: {},
  open: (name, payload) =>
    set((state) => ({
      openModals: [...state.openModals.filter((n) => n !== name), name],
      payloads: { ...state.payloads, [name]: payload },
    })),
  close: (name) =>
    set((state) => {
      if (!state.openModals.includes(name)) return state;
      const payloads = { ...state.payloads };
      delete payloads[name];
      return { openModals: state.openModals.filter((n) => n !== name), payloads };
    }),
  closeAll: () => set({ openModals: [], payloads: {} }),
  isOpen: (name) => get().openModals.includes(name),
  isAnyOpen: () => get().openModals.length > 0,
}));

export const selectIsModalOpen = (name: ModalName) => (state: ModalState) => state.openModals.includes(name);
export const selectIsAnyModalOpen = (state: ModalState) => state.openModals.length > 0;
export const selectModalPayload = (name: ModalName) => (state: ModalState) => state.payloads[name];
