// POST /api/v1/uploads/logo (multipart, one PNG or JPEG): answers the image_url to send with a stack or company.
import { apiUpload } from './api.ts'

export function uploadLogo(file: File): Promise<{ image_url: string }> {
  return apiUpload<{ image_url: string }>('/api/v1/uploads/logo', file)
}
