// Package geo handles points on the Earth given in decimal degrees.
//
// It is an example of legacy code for specgen: functions that return
// structs, and a method with a value receiver.
package geo

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// EarthRadiusKm is the mean radius of the Earth in kilometres.
const EarthRadiusKm = 6371.0

// ErrFormat is returned by ParsePoint when the input is not two numbers.
var ErrFormat = errors.New("geo: point must be \"lat,lon\"")

// Point is a position in decimal degrees.
type Point struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// Rect is an axis-aligned box in degrees; Min holds the smallest latitude
// and longitude, Max the largest.
type Rect struct {
	Min Point `json:"min"`
	Max Point `json:"max"`
}

// RangeError reports a coordinate outside its valid range.
type RangeError struct {
	Field string  // "lat" or "lon"
	Value float64 // the value given
}

func (e RangeError) Error() string {
	return fmt.Sprintf("geo: %s %v out of range", e.Field, e.Value)
}

// ParsePoint parses "lat,lon" (or "lat lon") in decimal degrees, such as
// "51.5074,-0.1278". Latitude must lie in [-90, 90] and longitude in
// [-180, 180]; a longitude of 180 is normalised to -180.
func ParsePoint(s string) (Point, error) {
	s = strings.TrimSpace(s)
	var parts []string
	if strings.Contains(s, ",") {
		parts = strings.Split(s, ",")
	} else {
		parts = strings.Fields(s)
	}
	if len(parts) != 2 {
		return Point{}, ErrFormat
	}
	var vals [2]float64
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return Point{}, fmt.Errorf("geo: parse %q: %w", s, err)
		}
		vals[i] = v
	}
	lat, lon := vals[0], vals[1]
	if math.IsNaN(lat) || lat < -90 || lat > 90 {
		return Point{}, RangeError{Field: "lat", Value: lat}
	}
	if math.IsNaN(lon) || lon < -180 || lon > 180 {
		return Point{}, RangeError{Field: "lon", Value: lon}
	}
	if lon == 180 {
		lon = -180
	}
	return Point{Lat: lat, Lon: lon}, nil
}

// BoundingBox returns the smallest Rect holding every point, and false
// when pts is empty.
func BoundingBox(pts []Point) (Rect, bool) {
	if len(pts) == 0 {
		return Rect{}, false
	}
	r := Rect{Min: pts[0], Max: pts[0]}
	for _, p := range pts[1:] {
		if p.Lat < r.Min.Lat {
			r.Min.Lat = p.Lat
		}
		if p.Lat > r.Max.Lat {
			r.Max.Lat = p.Lat
		}
		if p.Lon < r.Min.Lon {
			r.Min.Lon = p.Lon
		}
		if p.Lon > r.Max.Lon {
			r.Max.Lon = p.Lon
		}
	}
	return r, true
}

// Contains reports whether p lies inside r, edges included.
func (r Rect) Contains(p Point) bool {
	return p.Lat >= r.Min.Lat && p.Lat <= r.Max.Lat &&
		p.Lon >= r.Min.Lon && p.Lon <= r.Max.Lon
}

// Distance returns the great-circle distance between a and b in
// kilometres (haversine formula).
func Distance(a, b Point) float64 {
	rad := math.Pi / 180
	dLat := (b.Lat - a.Lat) * rad
	dLon := (b.Lon - a.Lon) * rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(a.Lat*rad)*math.Cos(b.Lat*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * EarthRadiusKm * math.Asin(math.Sqrt(math.Min(1, h)))
}
