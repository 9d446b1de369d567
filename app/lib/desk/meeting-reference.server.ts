import { cities, cityVideos } from "~/lib/db/schema";

/** The columns that cite a meeting on the desk (alerts and draft): join city_videos and cities to select them. */
export const meetingReference = {
  meetingId: cityVideos.id,
  title: cityVideos.title,
  publishedAt: cityVideos.publishedAt,
  cityName: cities.name,
  cityState: cities.state,
  locationKey: cities.locationKey,
};
