import { AiDiagnosticsTab } from '../ai/ai-diagnostics-tab.tsx'

/** The AI Diagnostics tab's own chunk (spec 001): the panel of src/components/admin/ai. */
export default AiDiagnosticsTab
