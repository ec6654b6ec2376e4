// POST /api/v1/uploads/avatar?x=&y=&size= (multipart): the profile photo, cut to the chosen square by the server.
import { apiUpload, withQuery } from '../../../lib/api.ts'

export interface SquareCrop {
  x: number
  y: number
  size: number
}

export function uploadAvatar(file: File, crop: SquareCrop): Promise<{ image_url: string }> {
  return apiUpload(withQuery('/api/v1/uploads/avatar', { ...crop }), file)
}
