import { create } from 'zustand';
import type { PortalConfig } from '@portal/contracts';
import { isAgencyHost } from './agency.js';

interface PortalState {
  config: PortalConfig | null;
  isAgency: boolean;
  setConfig: (config: PortalConfig) => void;
}

/** Run-time portal settings loaded by the shell, readable by every remote. */
export const usePortal = create<PortalState>((set) => ({
  config: null,
  isAgency: false,
  setConfig: (config) => set({ config, isAgency: isAgencyHost(config.agencyHost) }),
}));
