// 300 Mortar statements over 24 views, cycling through every form of the
// Mortar README (see scripts/mortar-typecheck.sh). Generated once; edit freely.
import Plumb

func mortarTypeCheckBenchmark() {
    let root = View("root")
    let (v0, v1, v2, v3, v4, v5) = (View("v0"), View("v1"), View("v2"), View("v3"), View("v4"), View("v5"))
    let (v6, v7, v8, v9, v10, v11) = (View("v6"), View("v7"), View("v8"), View("v9"), View("v10"), View("v11"))
    let (v12, v13, v14, v15, v16, v17) = (View("v12"), View("v13"), View("v14"), View("v15"), View("v16"), View("v17"))
    let (v18, v19, v20, v21, v22, v23) = (View("v18"), View("v19"), View("v20"), View("v21"), View("v22"), View("v23"))
    root |+| [v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11]
    root |+| [v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23]
    v0.m_right |=| v1.m_left - 12.0
    [v7, v8, v9].m_size |=| (100, 200)
    [v14.m_sides, v14.m_bottom, v14.m_height] |=| [v15, v15, 200]
    v21.m_width |=| 40
    v4.m_width |>| v5.m_width
    v11.m_size |<| (100, 100)
    v18.m_edges |=| v19.m_edges
    v1 |=| v2
    v8.m_top |>| v9
    v15 |>| v16.m_top
    v22.m_top |<| v23.m_bottom
    v5.m_size |=| v6.m_size * 2
    v12.m_left |>| v13.m_right + 20
    v19 |<| v20.m_top * 1.4 + 20
    v2.m_size |=| 150.0
    v9.m_size |>| (200, 50)
    v16.m_frame |<| (0, 0, 50, 100)
    v23.m_size |=| v0.m_size + (50, 30)
    v6.m_size |>| v7.m_size * (2, 3) + (10, 10)
    v13 |=| v14.m_edges ~ (20, 20, 20, 20)
    v20.m_size |=| (v21.m_width, 100)
    v3 |=| [v4.m_top, v5.m_bottom, v6.m_size]
    [v10, v11, v12].m_centerY |=| v13
    [v17.m_left, v18, v19] |=| [v20.m_right, v22, v4]
    v0 |=| v1.m_height ! .low
    v7 |=| v8.m_height ! 300
    v14 |=| [v15.m_caps ! .high, v15.m_sides ! .low]
    v21.m_size |=| (v22.m_height ! .high, v22.m_width + 20 ! .low)
    let c28 = v4.m_top |=| v5.m_bottom ~~ .deactivated
    v11.m_leftMargin |=| v12.m_leftMargin + 4
    v18.m_center |=| v19.m_center - (5, 5)
    v1.m_cornerTL |=| (v2.m_bottom + 8, v2.m_left)
    v8.m_width |=| v9.m_width * 0.5 - 8 ! .high
    v15.m_centerXWithinMargin |=| v16.m_centerX
    v22.m_frame |=| (v23.m_top, v23.m_left + 10, 120, v0.m_height * 2)
    v5.m_right |=| v6.m_left - 12.0
    [v12, v13, v14].m_size |=| (100, 200)
    [v19.m_sides, v19.m_bottom, v19.m_height] |=| [v20, v20, 200]
    v2.m_width |=| 40
    v9.m_width |>| v10.m_width
    v16.m_size |<| (100, 100)
    v23.m_edges |=| v0.m_edges
    v6 |=| v7
    v13.m_top |>| v14
    v20 |>| v21.m_top
    v3.m_top |<| v4.m_bottom
    v10.m_size |=| v11.m_size * 2
    v17.m_left |>| v18.m_right + 20
    v0 |<| v1.m_top * 1.4 + 20
    v7.m_size |=| 150.0
    v14.m_size |>| (200, 50)
    v21.m_frame |<| (0, 0, 50, 100)
    v4.m_size |=| v5.m_size + (50, 30)
    v11.m_size |>| v12.m_size * (2, 3) + (10, 10)
    v18 |=| v19.m_edges ~ (20, 20, 20, 20)
    v1.m_size |=| (v2.m_width, 100)
    v8 |=| [v9.m_top, v10.m_bottom, v11.m_size]
    [v15, v16, v17].m_centerY |=| v18
    [v22.m_left, v23, v0] |=| [v1.m_right, v3, v9]
    v5 |=| v6.m_height ! .low
    v12 |=| v13.m_height ! 300
    v19 |=| [v20.m_caps ! .high, v20.m_sides ! .low]
    v2.m_size |=| (v3.m_height ! .high, v3.m_width + 20 ! .low)
    let c63 = v9.m_top |=| v10.m_bottom ~~ .deactivated
    v16.m_leftMargin |=| v17.m_leftMargin + 4
    v23.m_center |=| v0.m_center - (5, 5)
    v6.m_cornerTL |=| (v7.m_bottom + 8, v7.m_left)
    v13.m_width |=| v14.m_width * 0.5 - 8 ! .high
    v20.m_centerXWithinMargin |=| v21.m_centerX
    v3.m_frame |=| (v4.m_top, v4.m_left + 10, 120, v5.m_height * 2)
    v10.m_right |=| v11.m_left - 12.0
    [v17, v18, v19].m_size |=| (100, 200)
    [v0.m_sides, v0.m_bottom, v0.m_height] |=| [v1, v1, 200]
    v7.m_width |=| 40
    v14.m_width |>| v15.m_width
    v21.m_size |<| (100, 100)
    v4.m_edges |=| v5.m_edges
    v11 |=| v12
    v18.m_top |>| v19
    v1 |>| v2.m_top
    v8.m_top |<| v9.m_bottom
    v15.m_size |=| v16.m_size * 2
    v22.m_left |>| v23.m_right + 20
    v5 |<| v6.m_top * 1.4 + 20
    v12.m_size |=| 150.0
    v19.m_size |>| (200, 50)
    v2.m_frame |<| (0, 0, 50, 100)
    v9.m_size |=| v10.m_size + (50, 30)
    v16.m_size |>| v17.m_size * (2, 3) + (10, 10)
    v23 |=| v0.m_edges ~ (20, 20, 20, 20)
    v6.m_size |=| (v7.m_width, 100)
    v13 |=| [v14.m_top, v15.m_bottom, v16.m_size]
    [v20, v21, v22].m_centerY |=| v23
    [v3.m_left, v4, v5] |=| [v6.m_right, v8, v14]
    v10 |=| v11.m_height ! .low
    v17 |=| v18.m_height ! 300
    v0 |=| [v1.m_caps ! .high, v1.m_sides ! .low]
    v7.m_size |=| (v8.m_height ! .high, v8.m_width + 20 ! .low)
    let c98 = v14.m_top |=| v15.m_bottom ~~ .deactivated
    v21.m_leftMargin |=| v22.m_leftMargin + 4
    v4.m_center |=| v5.m_center - (5, 5)
    v11.m_cornerTL |=| (v12.m_bottom + 8, v12.m_left)
    v18.m_width |=| v19.m_width * 0.5 - 8 ! .high
    v1.m_centerXWithinMargin |=| v2.m_centerX
    v8.m_frame |=| (v9.m_top, v9.m_left + 10, 120, v10.m_height * 2)
    v15.m_right |=| v16.m_left - 12.0
    [v22, v23, v0].m_size |=| (100, 200)
    [v5.m_sides, v5.m_bottom, v5.m_height] |=| [v6, v6, 200]
    v12.m_width |=| 40
    v19.m_width |>| v20.m_width
    v2.m_size |<| (100, 100)
    v9.m_edges |=| v10.m_edges
    v16 |=| v17
    v23.m_top |>| v0
    v6 |>| v7.m_top
    v13.m_top |<| v14.m_bottom
    v20.m_size |=| v21.m_size * 2
    v3.m_left |>| v4.m_right + 20
    v10 |<| v11.m_top * 1.4 + 20
    v17.m_size |=| 150.0
    v0.m_size |>| (200, 50)
    v7.m_frame |<| (0, 0, 50, 100)
    v14.m_size |=| v15.m_size + (50, 30)
    v21.m_size |>| v22.m_size * (2, 3) + (10, 10)
    v4 |=| v5.m_edges ~ (20, 20, 20, 20)
    v11.m_size |=| (v12.m_width, 100)
    v18 |=| [v19.m_top, v20.m_bottom, v21.m_size]
    [v1, v2, v3].m_centerY |=| v4
    [v8.m_left, v9, v10] |=| [v11.m_right, v13, v19]
    v15 |=| v16.m_height ! .low
    v22 |=| v23.m_height ! 300
    v5 |=| [v6.m_caps ! .high, v6.m_sides ! .low]
    v12.m_size |=| (v13.m_height ! .high, v13.m_width + 20 ! .low)
    let c133 = v19.m_top |=| v20.m_bottom ~~ .deactivated
    v2.m_leftMargin |=| v3.m_leftMargin + 4
    v9.m_center |=| v10.m_center - (5, 5)
    v16.m_cornerTL |=| (v17.m_bottom + 8, v17.m_left)
    v23.m_width |=| v0.m_width * 0.5 - 8 ! .high
    v6.m_centerXWithinMargin |=| v7.m_centerX
    v13.m_frame |=| (v14.m_top, v14.m_left + 10, 120, v15.m_height * 2)
    v20.m_right |=| v21.m_left - 12.0
    [v3, v4, v5].m_size |=| (100, 200)
    [v10.m_sides, v10.m_bottom, v10.m_height] |=| [v11, v11, 200]
    v17.m_width |=| 40
    v0.m_width |>| v1.m_width
    v7.m_size |<| (100, 100)
    v14.m_edges |=| v15.m_edges
    v21 |=| v22
    v4.m_top |>| v5
    v11 |>| v12.m_top
    v18.m_top |<| v19.m_bottom
    v1.m_size |=| v2.m_size * 2
    v8.m_left |>| v9.m_right + 20
    v15 |<| v16.m_top * 1.4 + 20
    v22.m_size |=| 150.0
    v5.m_size |>| (200, 50)
    v12.m_frame |<| (0, 0, 50, 100)
    v19.m_size |=| v20.m_size + (50, 30)
    v2.m_size |>| v3.m_size * (2, 3) + (10, 10)
    v9 |=| v10.m_edges ~ (20, 20, 20, 20)
    v16.m_size |=| (v17.m_width, 100)
    v23 |=| [v0.m_top, v1.m_bottom, v2.m_size]
    [v6, v7, v8].m_centerY |=| v9
    [v13.m_left, v14, v15] |=| [v16.m_right, v18, v0]
    v20 |=| v21.m_height ! .low
    v3 |=| v4.m_height ! 300
    v10 |=| [v11.m_caps ! .high, v11.m_sides ! .low]
    v17.m_size |=| (v18.m_height ! .high, v18.m_width + 20 ! .low)
    let c168 = v0.m_top |=| v1.m_bottom ~~ .deactivated
    v7.m_leftMargin |=| v8.m_leftMargin + 4
    v14.m_center |=| v15.m_center - (5, 5)
    v21.m_cornerTL |=| (v22.m_bottom + 8, v22.m_left)
    v4.m_width |=| v5.m_width * 0.5 - 8 ! .high
    v11.m_centerXWithinMargin |=| v12.m_centerX
    v18.m_frame |=| (v19.m_top, v19.m_left + 10, 120, v20.m_height * 2)
    v1.m_right |=| v2.m_left - 12.0
    [v8, v9, v10].m_size |=| (100, 200)
    [v15.m_sides, v15.m_bottom, v15.m_height] |=| [v16, v16, 200]
    v22.m_width |=| 40
    v5.m_width |>| v6.m_width
    v12.m_size |<| (100, 100)
    v19.m_edges |=| v20.m_edges
    v2 |=| v3
    v9.m_top |>| v10
    v16 |>| v17.m_top
    v23.m_top |<| v0.m_bottom
    v6.m_size |=| v7.m_size * 2
    v13.m_left |>| v14.m_right + 20
    v20 |<| v21.m_top * 1.4 + 20
    v3.m_size |=| 150.0
    v10.m_size |>| (200, 50)
    v17.m_frame |<| (0, 0, 50, 100)
    v0.m_size |=| v1.m_size + (50, 30)
    v7.m_size |>| v8.m_size * (2, 3) + (10, 10)
    v14 |=| v15.m_edges ~ (20, 20, 20, 20)
    v21.m_size |=| (v22.m_width, 100)
    v4 |=| [v5.m_top, v6.m_bottom, v7.m_size]
    [v11, v12, v13].m_centerY |=| v14
    [v18.m_left, v19, v20] |=| [v21.m_right, v23, v5]
    v1 |=| v2.m_height ! .low
    v8 |=| v9.m_height ! 300
    v15 |=| [v16.m_caps ! .high, v16.m_sides ! .low]
    v22.m_size |=| (v23.m_height ! .high, v23.m_width + 20 ! .low)
    let c203 = v5.m_top |=| v6.m_bottom ~~ .deactivated
    v12.m_leftMargin |=| v13.m_leftMargin + 4
    v19.m_center |=| v20.m_center - (5, 5)
    v2.m_cornerTL |=| (v3.m_bottom + 8, v3.m_left)
    v9.m_width |=| v10.m_width * 0.5 - 8 ! .high
    v16.m_centerXWithinMargin |=| v17.m_centerX
    v23.m_frame |=| (v0.m_top, v0.m_left + 10, 120, v1.m_height * 2)
    v6.m_right |=| v7.m_left - 12.0
    [v13, v14, v15].m_size |=| (100, 200)
    [v20.m_sides, v20.m_bottom, v20.m_height] |=| [v21, v21, 200]
    v3.m_width |=| 40
    v10.m_width |>| v11.m_width
    v17.m_size |<| (100, 100)
    v0.m_edges |=| v1.m_edges
    v7 |=| v8
    v14.m_top |>| v15
    v21 |>| v22.m_top
    v4.m_top |<| v5.m_bottom
    v11.m_size |=| v12.m_size * 2
    v18.m_left |>| v19.m_right + 20
    v1 |<| v2.m_top * 1.4 + 20
    v8.m_size |=| 150.0
    v15.m_size |>| (200, 50)
    v22.m_frame |<| (0, 0, 50, 100)
    v5.m_size |=| v6.m_size + (50, 30)
    v12.m_size |>| v13.m_size * (2, 3) + (10, 10)
    v19 |=| v20.m_edges ~ (20, 20, 20, 20)
    v2.m_size |=| (v3.m_width, 100)
    v9 |=| [v10.m_top, v11.m_bottom, v12.m_size]
    [v16, v17, v18].m_centerY |=| v19
    [v23.m_left, v0, v1] |=| [v2.m_right, v4, v10]
    v6 |=| v7.m_height ! .low
    v13 |=| v14.m_height ! 300
    v20 |=| [v21.m_caps ! .high, v21.m_sides ! .low]
    v3.m_size |=| (v4.m_height ! .high, v4.m_width + 20 ! .low)
    let c238 = v10.m_top |=| v11.m_bottom ~~ .deactivated
    v17.m_leftMargin |=| v18.m_leftMargin + 4
    v0.m_center |=| v1.m_center - (5, 5)
    v7.m_cornerTL |=| (v8.m_bottom + 8, v8.m_left)
    v14.m_width |=| v15.m_width * 0.5 - 8 ! .high
    v21.m_centerXWithinMargin |=| v22.m_centerX
    v4.m_frame |=| (v5.m_top, v5.m_left + 10, 120, v6.m_height * 2)
    v11.m_right |=| v12.m_left - 12.0
    [v18, v19, v20].m_size |=| (100, 200)
    [v1.m_sides, v1.m_bottom, v1.m_height] |=| [v2, v2, 200]
    v8.m_width |=| 40
    v15.m_width |>| v16.m_width
    v22.m_size |<| (100, 100)
    v5.m_edges |=| v6.m_edges
    v12 |=| v13
    v19.m_top |>| v20
    v2 |>| v3.m_top
    v9.m_top |<| v10.m_bottom
    v16.m_size |=| v17.m_size * 2
    v23.m_left |>| v0.m_right + 20
    v6 |<| v7.m_top * 1.4 + 20
    v13.m_size |=| 150.0
    v20.m_size |>| (200, 50)
    v3.m_frame |<| (0, 0, 50, 100)
    v10.m_size |=| v11.m_size + (50, 30)
    v17.m_size |>| v18.m_size * (2, 3) + (10, 10)
    v0 |=| v1.m_edges ~ (20, 20, 20, 20)
    v7.m_size |=| (v8.m_width, 100)
    v14 |=| [v15.m_top, v16.m_bottom, v17.m_size]
    [v21, v22, v23].m_centerY |=| v0
    [v4.m_left, v5, v6] |=| [v7.m_right, v9, v15]
    v11 |=| v12.m_height ! .low
    v18 |=| v19.m_height ! 300
    v1 |=| [v2.m_caps ! .high, v2.m_sides ! .low]
    v8.m_size |=| (v9.m_height ! .high, v9.m_width + 20 ! .low)
    let c273 = v15.m_top |=| v16.m_bottom ~~ .deactivated
    v22.m_leftMargin |=| v23.m_leftMargin + 4
    v5.m_center |=| v6.m_center - (5, 5)
    v12.m_cornerTL |=| (v13.m_bottom + 8, v13.m_left)
    v19.m_width |=| v20.m_width * 0.5 - 8 ! .high
    v2.m_centerXWithinMargin |=| v3.m_centerX
    v9.m_frame |=| (v10.m_top, v10.m_left + 10, 120, v11.m_height * 2)
    v16.m_right |=| v17.m_left - 12.0
    [v23, v0, v1].m_size |=| (100, 200)
    [v6.m_sides, v6.m_bottom, v6.m_height] |=| [v7, v7, 200]
    v13.m_width |=| 40
    v20.m_width |>| v21.m_width
    v3.m_size |<| (100, 100)
    v10.m_edges |=| v11.m_edges
    v17 |=| v18
    v0.m_top |>| v1
    v7 |>| v8.m_top
    v14.m_top |<| v15.m_bottom
    v21.m_size |=| v22.m_size * 2
    v4.m_left |>| v5.m_right + 20
    v11 |<| v12.m_top * 1.4 + 20
    v18.m_size |=| 150.0
    v1.m_size |>| (200, 50)
    v8.m_frame |<| (0, 0, 50, 100)
    v15.m_size |=| v16.m_size + (50, 30)
    v22.m_size |>| v23.m_size * (2, 3) + (10, 10)
    v5 |=| v6.m_edges ~ (20, 20, 20, 20)
    _ = [c28, c63, c98, c133, c168, c203, c238, c273]
}
